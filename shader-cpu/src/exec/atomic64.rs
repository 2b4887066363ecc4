//! 64-bit atomics (`Int64Atomics`: GLSL's GL_EXT_shader_atomic_int64; doubles with
//! GL_EXT_shader_atomic_float) on buffer and workgroup memory ([`Inst::Atomic64`]).
//!
//! Buffers are words of `AtomicU32`; a 64-bit atomic spans two of them. Every 64-bit atomic
//! on a buffer takes one of [`LOCKS`] striped locks, chosen by the address of its low word,
//! then reads, updates and writes both words: 64-bit atomics on one location exclude each
//! other across worker threads. (A plain access to the same location at the same time is a
//! data race the sanitizer reports; a 32-bit atomic on half of a 64-bit atomic's location is
//! not ordered with it.) Workgroup memory belongs to the thread running the workgroup, whose
//! lanes run one after another: plain reads and writes.

use std::sync::atomic::Ordering;
use std::sync::Mutex;

use spirv::Op;

use super::{Access, Inst, Loc, Thread};

/// Striped locks of the 64-bit buffer (and image, `exec/image_atomic.rs`) atomics.
pub(super) static LOCKS: [Mutex<()>; 64] = [const { Mutex::new(()) }; 64];

/// One atomic read-modify-write on 64 bits (SPIR-V §3.42.18): the value stored afterwards
/// (`None`: unchanged) and the original value the instruction returns. `x` is the value
/// operand, `y` the comparator of `AtomicCompareExchange`.
pub(super) fn update(op: Op, old: u64, x: u64, y: u64) -> (Option<u64>, u64) {
    let new = match op {
        Op::AtomicLoad => None,
        Op::AtomicStore => return (Some(x), 0),
        Op::AtomicExchange => Some(x),
        Op::AtomicCompareExchange => (old == y).then_some(x),
        Op::AtomicIIncrement => Some(old.wrapping_add(1)),
        Op::AtomicIDecrement => Some(old.wrapping_sub(1)),
        Op::AtomicIAdd => Some(old.wrapping_add(x)),
        Op::AtomicISub => Some(old.wrapping_sub(x)),
        Op::AtomicUMin => Some(old.min(x)),
        Op::AtomicUMax => Some(old.max(x)),
        Op::AtomicSMin => Some((old as i64).min(x as i64) as u64),
        Op::AtomicSMax => Some((old as i64).max(x as i64) as u64),
        Op::AtomicAnd => Some(old & x),
        Op::AtomicOr => Some(old | x),
        Op::AtomicXor => Some(old ^ x),
        Op::AtomicFAddEXT => Some((f64::from_bits(old) + f64::from_bits(x)).to_bits()),
        Op::AtomicFMinEXT => Some(f64::from_bits(old).min(f64::from_bits(x)).to_bits()),
        Op::AtomicFMaxEXT => Some(f64::from_bits(old).max(f64::from_bits(x)).to_bits()),
        _ => None,
    };
    (new, old)
}

impl Thread<'_> {
    /// Runs an [`Inst::Atomic64`] for `lanes`: operands and result in two register words
    /// (low first).
    pub(super) fn exec_atomic64(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::Atomic64 { op, dst, ptr, a, b } = *inst else { unreachable!("not a 64-bit atomic: {inst:?}") };
        let l = self.l;
        let wide = |r: &[Vec<u32>], id: Option<u32>, i: usize| {
            id.map_or(0, |id| u64::from(r[id as usize][i]) | u64::from(r[id as usize][l + i]) << 32)
        };
        for &i in lanes {
            let i = i as usize;
            let (obj, off) = (self.regs[ptr as usize][i], self.regs[ptr as usize][l + i]);
            let (x, y) = (wide(&self.regs, a, i), wide(&self.regs, b, i));
            let old = self.atomic64(op, obj, off, i, x, y);
            if let Some(dst) = dst {
                self.regs[dst as usize][i] = old as u32;
                self.regs[dst as usize][l + i] = (old >> 32) as u32;
            }
        }
    }

    /// The 64-bit atomic `op` on the two words at byte `off` of object `obj` for `lane`; returns
    /// the original value (0 out of bounds, where nothing is written).
    fn atomic64(&mut self, op: Op, obj: u32, off: u32, lane: usize, x: u64, y: u64) -> u64 {
        // A helper's atomic has no effect (as the 32-bit ones, [`Thread::atomic`]).
        let op = if self.helper[lane] && self.shared(obj) { Op::AtomicLoad } else { op };
        let write = op != Op::AtomicLoad;
        let (Some(lo), Some(hi)) = (self.locate(obj, off, lane, write), self.locate(obj, off.saturating_add(4), lane, write)) else {
            return 0;
        };
        match (lo, hi) {
            (Loc::Buffer(slot, w), Loc::Buffer(_, w1)) => {
                self.track_buffer(slot, w, lane, Access::Atomic);
                self.track_buffer(slot, w1, lane, Access::Atomic);
                let words = &self.slots[slot].0.words;
                let lock = (words.as_ptr() as usize / 4 + w) % LOCKS.len();
                let _held = LOCKS[lock].lock().unwrap_or_else(|e| e.into_inner());
                let old = u64::from(words[w].load(Ordering::SeqCst)) | u64::from(words[w1].load(Ordering::SeqCst)) << 32;
                let (new, result) = update(op, old, x, y);
                if let Some(v) = new {
                    words[w].store(v as u32, Ordering::SeqCst);
                    words[w1].store((v >> 32) as u32, Ordering::SeqCst);
                }
                result
            }
            (Loc::Local(w), Loc::Local(w1)) => {
                for word in [w, w1] {
                    if op == Op::AtomicStore {
                        if let Some(b) = self.written.get_mut(word) {
                            *b = true;
                        }
                    } else {
                        self.check_written(word, lane);
                    }
                    self.track(word, lane, Access::Atomic);
                }
                let old = u64::from(self.local[w]) | u64::from(self.local[w1]) << 32;
                let (new, result) = update(op, old, x, y);
                if let Some(v) = new {
                    self.local[w] = v as u32;
                    self.local[w1] = (v >> 32) as u32;
                }
                result
            }
            _ => 0,
        }
    }
}
