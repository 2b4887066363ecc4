//! GLSL.std.450 `InterpolateAtCentroid`, `InterpolateAtSample` and `InterpolateAtOffset`
//! ([`Inst::Interpolate`]): a fragment input interpolated again at another place of the
//! pixel, from the primitive the rasterizer gives the batch ([`crate::raster::Interpolation`]).

use crate::decode::{InterpolateAt, Inst, Obj};

use super::Thread;

impl Thread<'_> {
    /// Runs an [`Inst::Interpolate`] for `lanes`. Outside a draw (no primitive) the input's
    /// value as it is.
    pub(super) fn exec_interpolate(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::Interpolate { dst, obj, offset, n, at } = *inst else { unreachable!("not an interpolation: {inst:?}") };
        let l = self.l;
        let Some(&Obj::Lane { base, .. }) = self.prog.objs.get(obj as usize) else { return };
        let word = base + offset / 4;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        for &i in lanes {
            let i = i as usize;
            let f = |reg: u32, k: usize| f64::from(f32::from_bits(self.regs[reg as usize][k * l + i]));
            for k in 0..n as usize {
                let value = self.interpolation.as_ref().and_then(|p| {
                    let place = match at {
                        InterpolateAt::Centroid => p.centroid(i),
                        InterpolateAt::Sample(s) => p.sample_offset(self.regs[s as usize][i]),
                        InterpolateAt::Offset(o) => [f(o, 0), f(o, 1)],
                    };
                    p.value(self.prog, word + k as u32, i, place)
                });
                d[k * l + i] = value.unwrap_or_else(|| self.lane_memory(i)[(word as usize) + k]);
            }
        }
        self.regs[dst as usize] = d;
    }
}
