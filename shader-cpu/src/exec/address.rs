//! Buffer device addresses (GL_EXT_buffer_reference): loads, stores, copies and atomics through
//! physical pointers ([`Inst::Address`]) and their access chains ([`Inst::AddressChain`]).
//!
//! A physical pointer's register holds a 64-bit device address (two words, low first). Every
//! [`Buffer`](crate::Buffer) has its own range of addresses ([`crate::ADDRESS_BITS`] bits of
//! offset above a base); the buffers a dispatch or draw can reach are its slots: those bound at
//! descriptors and those given with [`Binding::by_address`](crate::Binding::by_address). Before
//! the access, each lane's address is looked up among the slots: inside one, the pointer's
//! register holds memory object [`ADDRESSED`] `| slot` and the byte offset, as any pointer into
//! a buffer, for the instruction inside to run as it does on bound buffers (bounds, races,
//! helper lanes, 64-bit atomics). An address in no slot, or an access running past its
//! buffer's end, reads 0 and writes nothing, and the sanitizer reports it
//! ([`FindingKind::AddressOutOfBounds`]); so does an address that is not the multiple of the
//! access's `Aligned` operand it promises ([`FindingKind::AddressMisaligned`]: the executor's
//! words would otherwise be read at the wrong bytes).

use super::{Inst, Thread, POISON};
use crate::FindingKind;

/// The memory object of a buffer slot reached through a device address: this bit and the
/// slot's index (the program's own objects are fewer).
pub(crate) const ADDRESSED: u32 = 1 << 31;

/// The slot of an [`ADDRESSED`] memory object.
pub(crate) fn slot(obj: u32) -> Option<usize> {
    (obj & ADDRESSED != 0).then_some((obj & !ADDRESSED) as usize)
}

impl Thread<'_> {
    /// Runs an [`Inst::Address`]: its pointers' registers resolved for the lanes, the
    /// instruction inside, the addresses put back.
    pub(super) fn exec_address(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::Address { ptrs, inner } = inst else { unreachable!("not an access through addresses: {inst:?}") };
        let l = self.l;
        let mut saved = Vec::with_capacity(ptrs.len());
        for &(ptr, bytes, write, align) in ptrs {
            let addresses = std::mem::take(&mut self.regs[ptr as usize]);
            let mut resolved = addresses.clone();
            for &i in lanes {
                let i = i as usize;
                let address = u64::from(addresses[i]) | u64::from(addresses[l + i]) << 32;
                let (obj, off) = self.resolve(address, bytes, write, align, i);
                resolved[i] = obj;
                resolved[l + i] = off;
            }
            self.regs[ptr as usize] = resolved;
            saved.push((ptr, addresses));
        }
        self.exec(inner, lanes);
        for (ptr, addresses) in saved {
            self.regs[ptr as usize] = addresses;
        }
    }

    /// The memory object and byte offset of an access of `bytes` bytes at `address`, which the
    /// instruction promises a multiple of `align`, by `lane`.
    fn resolve(&mut self, address: u64, bytes: u32, write: bool, align: u32, lane: usize) -> (u32, u32) {
        if address % u64::from(align.max(1)) != 0 {
            self.report(lane, FindingKind::AddressMisaligned { address, align, write });
            return (u32::MAX, POISON);
        }
        let base = address >> crate::ADDRESS_BITS << crate::ADDRESS_BITS;
        let off = address - base;
        let slot = match base {
            0 => None,
            _ => self.slots.iter().position(|(buffer, _, _)| buffer.address == base),
        };
        match slot {
            Some(slot) if off + u64::from(bytes) <= self.slots[slot].0.len() as u64 && slot < ADDRESSED as usize => {
                (ADDRESSED | slot as u32, off as u32)
            }
            _ => {
                self.report(lane, FindingKind::AddressOutOfBounds { address, bytes, write });
                (u32::MAX, POISON)
            }
        }
    }

    /// Runs an [`Inst::AddressChain`]: 64-bit address arithmetic, lane by lane; an index past
    /// its array's length is reported as [`Inst::AccessChain`] does (the address stays what the
    /// indices make it: an access through it is checked against the buffers).
    pub(super) fn exec_address_chain(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::AddressChain { dst, base, element, offset, dynamic } = inst else { unreachable!("not an address chain: {inst:?}") };
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[*dst as usize]);
        for &i in lanes {
            let i = i as usize;
            let b = &self.regs[*base as usize];
            let mut at = (u64::from(b[i]) | u64::from(b[l + i]) << 32).wrapping_add(u64::from(*offset));
            if let Some((e, stride, wide)) = *element {
                let x = &self.regs[e as usize];
                let index = if wide { (u64::from(x[i]) | u64::from(x[l + i]) << 32) as i64 } else { i64::from(x[i] as i32) };
                at = at.wrapping_add(index.wrapping_mul(i64::from(stride)) as u64);
            }
            for &(index, stride, len) in dynamic {
                let x = self.regs[index as usize][i];
                if let Some(n) = len.filter(|&n| x >= n) {
                    self.report(i, FindingKind::IndexOutOfBounds { index: x, len: n });
                }
                at = at.wrapping_add(u64::from(x) * u64::from(stride));
            }
            d[i] = at as u32;
            d[l + i] = (at >> 32) as u32;
        }
        self.regs[*dst as usize] = d;
    }
}
