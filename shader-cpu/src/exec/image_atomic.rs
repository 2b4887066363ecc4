//! Image atomics (`imageAtomicAdd` and the like): `OpImageTexelPointer` makes a pointer to a
//! texel of a storage image ([`Inst::TexelPointer`]), and the atomics through it
//! ([`Inst::ImageAtomic`]) update the texel's word like a buffer's. Vulkan allows them on
//! formats of one 32-bit component (`R32Uint`, `R32Sint`, `R32Float`), and with
//! GL_EXT_shader_image_int64 on 64-bit integers (`R64Uint`, `R64Sint`: two words, under the
//! striped locks of the 64-bit buffer atomics, `exec/atomic64.rs`).

use std::sync::atomic::Ordering;

use spirv::Op;

use crate::decode::Inst;

use super::{atomic_word, Access, Handle, Thread};

impl Thread<'_> {
    /// Runs an [`Inst::TexelPointer`] for `lanes`: (binding index, byte offset of the texel), the
    /// offset `u32::MAX` (and a sanitizer finding) outside the image or past its samples.
    pub(super) fn exec_texel_pointer(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::TexelPointer { dst, image, coord, info, sample } = *inst else { unreachable!("not a texel pointer: {inst:?}") };
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        for &i in lanes {
            let i = i as usize;
            let (at, _) = self.texel_coord(image, coord, info, None, [0; 3], i);
            let slot = self.regs[image as usize][i];
            d[i] = slot;
            d[l + i] = u32::MAX;
            let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot as usize) else { continue };
            let s = self.regs[sample as usize][i];
            let texel = if img.samples() > 1 { img.sample_texel(at, s) } else { Some(at) };
            match texel.and_then(|t| img.texel_at(0, t)) {
                Some(offset) => d[l + i] = offset as u32,
                None => self.texel_out_of_bounds(i, set, binding, at, 0, true),
            }
        }
        self.regs[dst as usize] = d;
    }

    /// Runs an [`Inst::ImageAtomic`] for `lanes`: the texel's original value (0 outside the
    /// image, where nothing is written). A helper's atomic only reads.
    pub(super) fn exec_image_atomic(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::ImageAtomic { op, dst, ptr, a, b, wide } = *inst else { unreachable!("not an image atomic: {inst:?}") };
        let l = self.l;
        if wide {
            return self.image_atomic64(op, dst, ptr, a, b, lanes);
        }
        for &i in lanes {
            let i = i as usize;
            let (slot, offset) = (self.regs[ptr as usize][i] as usize, self.regs[ptr as usize][l + i]);
            let x = a.map_or(0, |a| self.regs[a as usize][i]);
            let y = b.map_or(0, |b| self.regs[b as usize][i]);
            let op = if self.helper[i] { Op::AtomicLoad } else { op };
            let mut old = 0;
            if let Some(&Handle::Image(img, ..)) = self.handles.get(slot) {
                if let Some(cell) = img.atomic_texel(offset as usize).filter(|_| offset != u32::MAX) {
                    let (level, coord) = img.texel_at_offset(offset as usize);
                    self.track_texel(slot, img, level, coord.map(i64::from), i, Access::Atomic);
                    old = atomic_word(cell, op, x, y);
                }
            }
            if let Some(dst) = dst {
                self.regs[dst as usize][i] = old;
            }
        }
    }

    /// [`Thread::exec_image_atomic`] on 64-bit texels: operands and result in two register
    /// words (low first); 0 outside the image or on a texel of another size.
    fn image_atomic64(&mut self, op: Op, dst: Option<u32>, ptr: u32, a: Option<u32>, b: Option<u32>, lanes: &[u32]) {
        let l = self.l;
        let wide = |r: &[Vec<u32>], id: Option<u32>, i: usize| id.map_or(0, |id| u64::from(r[id as usize][i]) | u64::from(r[id as usize][l + i]) << 32);
        for &i in lanes {
            let i = i as usize;
            let (slot, offset) = (self.regs[ptr as usize][i] as usize, self.regs[ptr as usize][l + i]);
            let (x, y) = (wide(&self.regs, a, i), wide(&self.regs, b, i));
            let op = if self.helper[i] { Op::AtomicLoad } else { op };
            let mut old = 0;
            if let Some(&Handle::Image(img, ..)) = self.handles.get(slot) {
                if let Some((lo, hi)) = img.atomic_texel64(offset as usize).filter(|_| offset != u32::MAX) {
                    let (level, coord) = img.texel_at_offset(offset as usize);
                    self.track_texel(slot, img, level, coord.map(i64::from), i, Access::Atomic);
                    let lock = (lo as *const _ as usize / 4) % super::atomic64::LOCKS.len();
                    let _held = super::atomic64::LOCKS[lock].lock().unwrap_or_else(|e| e.into_inner());
                    let value = u64::from(lo.load(Ordering::SeqCst)) | u64::from(hi.load(Ordering::SeqCst)) << 32;
                    let (new, result) = super::atomic64::update(op, value, x, y);
                    if let Some(v) = new {
                        lo.store(v as u32, Ordering::SeqCst);
                        hi.store((v >> 32) as u32, Ordering::SeqCst);
                    }
                    old = result;
                }
            }
            if let Some(dst) = dst {
                self.regs[dst as usize][i] = old as u32;
                self.regs[dst as usize][l + i] = (old >> 32) as u32;
            }
        }
    }
}
