//! Subpass inputs (`subpassLoad` of a `subpassInput` or `subpassInputMS`,
//! [`Inst::SubpassRead`]): the input attachment, bound as an image (a
//! [`multisampled`](crate::Image::multisampled) one for `subpassInputMS`) at the variable's
//! (set, binding), read at the fragment's pixel. Vulkan "Input Attachments": the coordinate
//! `OpImageRead` gives ((0, 0) from GLSL) is relative to the fragment's framebuffer position;
//! level 0, layer 0.

use crate::decode::Inst;

use super::{Access, Handle, Thread};

impl Thread<'_> {
    /// Runs an [`Inst::SubpassRead`] for `lanes`: the texel (or the sample) at the lane's pixel
    /// plus the coordinate, or 0 and (but for helper lanes) a sanitizer finding outside the
    /// image or past its samples. Outside a draw the lane's invocation id stands for the pixel.
    pub(super) fn exec_subpass_read(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::SubpassRead { dst, image, coord, sample, n } = *inst else { unreachable!("not a subpass read: {inst:?}") };
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        for &i in lanes {
            let i = i as usize;
            let [x, y, _] = self.ids.get(i).copied().unwrap_or([0; 3]);
            let c = |k: usize| i64::from(self.regs[coord as usize].get(k * l + i).copied().unwrap_or(0) as i32);
            let at = [i64::from(x) + c(0), i64::from(y) + c(1), 0];
            let slot = self.regs[image as usize][i] as usize;
            let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot) else { continue };
            let texel_at = match sample {
                Some(s) => img.sample_texel(at, self.regs[s as usize][i]),
                None => Some(at),
            };
            let texel = match texel_at.and_then(|t| Some((t, img.load(0, t)?))) {
                Some((t, texel)) => {
                    self.track_texel(slot, img, 0, t, i, Access::Read);
                    texel
                }
                // A helper lane of a quad cut by the target's edge has a pixel past the
                // attachment: its value is undefined (and unused), not a finding.
                None if self.helper[i] => [0; 4],
                None => {
                    self.texel_out_of_bounds(i, set, binding, at, 0, false);
                    [0; 4]
                }
            };
            for k in 0..n as usize {
                d[k * l + i] = texel[k];
            }
        }
        self.regs[dst as usize] = d;
    }
}
