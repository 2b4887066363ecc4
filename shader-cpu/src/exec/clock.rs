//! Shader clocks (`OpReadClockKHR`: GL_EXT_shader_realtime_clock, GL_ARB_shader_clock;
//! [`Inst::Clock`]): nanoseconds of a monotonic clock since the device's first read, for every
//! scope (device and subgroup). Two reads in program order never go backwards.

use std::sync::OnceLock;
use std::time::Instant;

use crate::decode::Inst;

use super::Thread;

/// When the first clock was read.
static EPOCH: OnceLock<Instant> = OnceLock::new();

impl Thread<'_> {
    /// Runs an [`Inst::Clock`] for `lanes`: one reading for all of them (they run the
    /// instruction together), low word first.
    pub(super) fn exec_clock(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::Clock { dst, n } = *inst else { unreachable!("not a clock read: {inst:?}") };
        let now = EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64;
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        for &i in lanes {
            let i = i as usize;
            for k in 0..n as usize {
                d[k * l + i] = (now >> (32 * k)) as u32;
            }
        }
        self.regs[dst as usize] = d;
    }
}
