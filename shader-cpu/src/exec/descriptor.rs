//! Access chains into descriptor arrays ([`Inst::Descriptor`]): `uniform sampler2D t[4]`,
//! WGSL's `binding_array`, arrays of blocks. Each descriptor of the array is a binding of its
//! own (`Prog::bindings`, one after another), so indexing the array moves a handle's binding
//! index, or a pointer's memory object, by the index.

use crate::decode::{Inst, Obj, UNBOUNDED_BUFFERS, UNBOUNDED_HANDLES};
use crate::FindingKind;

use super::{Handle, Thread, EMPTY_BUFFER, POISON};

impl Thread<'_> {
    /// Runs an [`Inst::Descriptor`] for `lanes`. An index past the array (undefined in Vulkan)
    /// is reported; the lane's handle then names no binding (its image instructions leave their
    /// results alone) and its pointer points nowhere (loads read 0, stores are dropped).
    pub(super) fn exec_descriptor(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::Descriptor { dst, base, index, len, stride, buffers, offset, ref dynamic } = *inst else {
            unreachable!("not a descriptor array access: {inst:?}")
        };
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        // A runtime-sized array of blocks (`Prog::unbounded_buffers`): up to its last element
        // a buffer is bound at.
        // A runtime-sized array of handles (`Prog::unbounded`): likewise.
        let bound = match lanes.first() {
            Some(&i) if buffers && len == u32::MAX => self.bound_blocks(self.regs[base as usize][i as usize]),
            Some(&i) if len == u32::MAX => self.bound_handles(self.regs[base as usize][i as usize], stride),
            _ => 0,
        };
        for &i in lanes {
            let i = i as usize;
            let x = self.regs[index as usize][i];
            let (b0, b1) = (self.regs[base as usize][i], self.regs[base as usize][l + i]);
            // A runtime-sized array: up to its last bound element.
            let len = if len == u32::MAX { bound } else { len };
            if x >= len {
                self.report(i, FindingKind::IndexOutOfBounds { index: x, len });
                d[i] = if buffers { b0 } else { u32::MAX };
                d[l + i] = if buffers { POISON } else { u32::MAX };
                continue;
            }
            if !buffers {
                d[i] = b0 + x * stride;
                d[l + i] = b1 + x * stride;
                continue;
            }
            // Into the block: as `Inst::AccessChain`.
            let mut at = u64::from(offset);
            let mut poisoned = false;
            for &(k, stride, n) in dynamic {
                let y = self.regs[k as usize][i];
                if let Some(n) = n.filter(|&n| y >= n) {
                    if !poisoned {
                        self.report(i, FindingKind::IndexOutOfBounds { index: y, len: n });
                    }
                    poisoned = true;
                }
                at = at.saturating_add(u64::from(y) * u64::from(stride));
            }
            d[i] = b0 + x;
            d[l + i] = if poisoned { POISON } else { at.min(u64::from(POISON - 1)) as u32 };
        }
        self.regs[dst as usize] = d;
    }

    /// How many elements of the runtime-sized array of handles whose first binding index is
    /// `first` (`stride` handles an element) are bound: one past the last bound one.
    fn bound_handles(&self, first: u32, stride: u32) -> u32 {
        let stride = stride.max(1) as usize;
        let handles = self.handles.get(first as usize..).unwrap_or_default();
        let elements = handles.chunks(stride).take(UNBOUNDED_HANDLES);
        elements.enumerate().filter(|(_, e)| e.iter().any(|h| !matches!(h, Handle::None))).map(|(k, _)| k as u32 + 1).max().unwrap_or(0)
    }

    /// How many elements of the runtime-sized array of blocks whose first object is `obj` are
    /// bound: one past the last bound one.
    fn bound_blocks(&self, obj: u32) -> u32 {
        let Some(&Obj::Buffer { slot }) = self.prog.objs.get(obj as usize) else { return 0 };
        let elements = self.slots.get(slot..).unwrap_or_default().iter().take(UNBOUNDED_BUFFERS);
        elements.enumerate().filter(|(_, s)| !std::ptr::eq(s.0, &EMPTY_BUFFER)).map(|(k, _)| k as u32 + 1).max().unwrap_or(0)
    }
}
