//! Buffer device addresses (GL_EXT_buffer_reference; SPIR-V's `PhysicalStorageBuffer` storage
//! class): decoding the instructions on physical pointers.
//!
//! A physical pointer is a 64-bit device address ([`crate::Buffer::device_address`]), in a
//! register and in memory alike: two words, low first, as a `uint64_t` (in buffers 8 bytes at
//! its member's `Offset`). So `OpConvertUToPtr`, `OpConvertPtrToU` and an `OpBitcast` between
//! a pointer and a `uint64_t` or `uvec2` move words, and loads and stores of pointers are
//! those of two words. What takes the address apart is [`Inst::AddressChain`] (the byte
//! offsets of an access chain's indices, from the explicit layout of the pointee:
//! `Offset`/`ArrayStride`/`MatrixStride`, and an `OpPtrAccessChain`'s element times the
//! pointer type's `ArrayStride`) and [`Inst::Address`] around a load, store, atomic or copy
//! through one (`exec/address.rs` finds the buffer each lane's address is in, and checks the
//! alignment the `Aligned` memory operand promises).

use rspirv::dr::{Instruction, Operand};
use spirv::{MemoryAccess, Op, StorageClass};

use super::{id_at, result, Decoder, Id, Inst, Type, PART_1, PART_2};
use crate::Error;

/// Bytes from a value's first byte to past its last, by its memory leaves (`Decoder::leaves`).
fn span(leaves: &[u32]) -> u32 {
    leaves
        .iter()
        .map(|&leaf| match leaf {
            _ if leaf & PART_1 != 0 => (leaf & !PART_1) + 1,
            _ if leaf & PART_2 != 0 => (leaf & !PART_2) + 2,
            _ => leaf + 4,
        })
        .max()
        .unwrap_or(0)
}

impl Decoder {
    /// Whether `id` is a physical pointer (a value of a `PhysicalStorageBuffer` pointer type).
    pub(super) fn physical(&self, id: Id) -> bool {
        self.physical_type(self.type_of(id))
    }

    pub(super) fn physical_type(&self, ty: Id) -> bool {
        matches!(self.ty(ty), Some(Type::Pointer { sc: StorageClass::PhysicalStorageBuffer, .. }))
    }

    /// The instructions that make, convert or offset physical pointers: `Some(decoded)`;
    /// `None` for every other instruction.
    pub(super) fn address_inst(&mut self, inst: &Instruction) -> Result<Option<Option<Inst>>, Error> {
        let op = inst.class.opcode;
        let (rt, r) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        Ok(Some(match op {
            Op::ConvertUToPtr | Op::ConvertPtrToU | Op::Bitcast if self.physical_type(rt) || self.physical(id_at(inst, 0)?) => {
                let src = id_at(inst, 0)?;
                let (from, to) = (self.words(self.type_of(src))?, self.words(rt)?);
                match (from, to) {
                    _ if from == to => Some(Inst::Copy { dst: r, src, n: to }),
                    // A 32-bit integer from a pointer: the address's low bits.
                    (2, 1) if op == Op::ConvertPtrToU => Some(Inst::Extract { dst: r, src, at: 0, n: 1 }),
                    _ => return Err(super::unsupported(format!("{op:?} between a pointer and a 32-bit integer"))),
                }
            }
            Op::AccessChain | Op::InBoundsAccessChain | Op::PtrAccessChain | Op::InBoundsPtrAccessChain if self.physical(id_at(inst, 0)?) => {
                let (_, r) = result(inst)?;
                let base = id_at(inst, 0)?;
                let mut rest = inst.clone();
                let element = if matches!(op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain) {
                    let e = id_at(inst, 1)?;
                    rest.operands.remove(1);
                    let stride = self.decos.get(&self.type_of(base)).and_then(|d| d.array_stride);
                    match (stride, self.consts.get(e as usize).and_then(|c| c.as_ref())) {
                        (_, Some(c)) if c.iter().all(|&w| w == 0) => None,
                        (Some(stride), _) => Some((e, stride, self.words(self.type_of(e))? == 2)),
                        (None, _) => return Err(super::invalid("OpPtrAccessChain of a pointer type without ArrayStride")),
                    }
                } else {
                    None
                };
                let (offset, dynamic) = self.chain(&rest)?;
                Some(Inst::AddressChain { dst: r, base, element, offset, dynamic })
            }
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff if self.physical(id_at(inst, 0)?) => {
                return Err(super::unsupported(format!("{op:?} of physical pointers")))
            }
            _ => return Ok(None),
        }))
    }

    /// `inst` (decoded from `from`) as it is, or, when it loads, stores, copies or updates
    /// memory through physical pointers, [`Inst::Address`] around it, with the alignment the
    /// instruction's `Aligned` memory operand promises (an atomic's: its size).
    pub(super) fn through_addresses(&self, inst: Inst, from: &Instruction) -> Result<Inst, Error> {
        let aligned = from.operands.iter().position(|o| matches!(o, Operand::MemoryAccess(m) if m.contains(MemoryAccess::ALIGNED)));
        let align = match aligned.map(|at| from.operands.get(at + 1)) {
            Some(Some(Operand::LiteralBit32(a))) => *a,
            _ => 1,
        };
        let mut ptrs: Vec<(Id, u32, bool, u32)> = Vec::new();
        let mut add = |ptr: Id, bytes: u32, write: bool, align: u32| {
            if self.physical(ptr) && !ptrs.iter().any(|p| p.0 == ptr) {
                ptrs.push((ptr, bytes, write, align));
            }
        };
        match &inst {
            Inst::Load { ptr, leaves, .. } => add(*ptr, span(leaves), false, align),
            Inst::Store { ptr, src, leaves, .. } => {
                if ptr == src {
                    return Err(super::unsupported("a store of a physical pointer through itself"));
                }
                add(*ptr, span(leaves), true, align)
            }
            Inst::ExtStore { ptr, leaves, .. } => add(*ptr, span(leaves), true, align),
            Inst::CopyMemory { dst, src, dst_leaves, src_leaves } => {
                add(*dst, span(dst_leaves), true, align);
                add(*src, span(src_leaves), false, align);
            }
            Inst::Atomic { op, ptr, .. } => add(*ptr, 4, *op != Op::AtomicLoad, 4),
            Inst::Atomic64 { op, ptr, .. } => add(*ptr, 8, *op != Op::AtomicLoad, 8),
            _ => {}
        }
        Ok(match ptrs.is_empty() {
            true => inst,
            false => Inst::Address { ptrs, inner: Box::new(inst) },
        })
    }
}
