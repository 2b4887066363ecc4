//! Multisampled images: `texelFetch(sampler2DMS, p, sample)`, WGSL's `textureLoad` of a
//! `texture_multisampled_2d` ([`Inst::FetchSample`]), from an [`Image::multisampled`]; and
//! `imageStore(image2DMS, p, sample, texel)` ([`Inst::WriteSample`]).

use crate::decode::Inst;

use super::{Access, Handle, Thread};

impl Thread<'_> {
    /// Runs an [`Inst::FetchSample`] for `lanes`: the sample's texel, or 0 and a sanitizer
    /// finding outside the image or past its samples (undefined in Vulkan).
    pub(super) fn exec_fetch_sample(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::FetchSample { dst, image, coord, info, sample, n, sparse } = *inst else {
            unreachable!("not a sample fetch: {inst:?}")
        };
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        for &i in lanes {
            let i = i as usize;
            let (at, _) = self.texel_coord(image, coord, info, None, [0; 3], i);
            let s = self.regs[sample as usize][i];
            let slot = self.regs[image as usize][i] as usize;
            let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot) else { continue };
            let texel = match img.sample_texel(at, s).and_then(|t| Some((t, img.load(0, t)?))) {
                Some((t, texel)) => {
                    self.track_texel(slot, img, 0, t, i, Access::Read);
                    texel
                }
                None => {
                    self.texel_out_of_bounds(i, set, binding, at, 0, false);
                    [0; 4]
                }
            };
            // The sparse form: residency code 0 (resident), then the texel.
            let at = usize::from(sparse);
            if sparse {
                d[i] = 0;
            }
            for k in 0..n as usize {
                d[(at + k) * l + i] = crate::image::Image::texel_word(&texel, n, k);
            }
        }
        self.regs[dst as usize] = d;
    }

    /// Runs an [`Inst::WriteSample`] for `lanes`: the texel stored at the sample, nothing (and
    /// a sanitizer finding) outside the image or past its samples; helpers write nothing.
    pub(super) fn exec_write_sample(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::WriteSample { image, coord, info, texel, texel_n, sample } = *inst else {
            unreachable!("not a sample write: {inst:?}")
        };
        let l = self.l;
        for &i in lanes {
            let i = i as usize;
            if self.helper[i] {
                continue;
            }
            let (at, _) = self.texel_coord(image, coord, info, None, [0; 3], i);
            let s = self.regs[sample as usize][i];
            let slot = self.regs[image as usize][i] as usize;
            let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot) else { continue };
            let src = &self.regs[texel as usize];
            let value: [u32; 4] = std::array::from_fn(|k| if k < texel_n as usize { src[k * l + i] } else { 0 });
            match img.sample_texel(at, s).filter(|&t| img.store(0, t, value)) {
                Some(t) => self.track_texel(slot, img, 0, t, i, Access::Write),
                None => self.texel_out_of_bounds(i, set, binding, at, 0, true),
            }
        }
    }
}
