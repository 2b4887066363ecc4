//! Rewrites of one function's decoded form that remove instructions without changing any
//! result, run before [`crate::uniform::mark`]:
//!
//! - a load of a register variable ([`Inst::Gather`] of its first words) whose value is read
//!   only later in the same block, before any store to the variable, is not copied: its
//!   readers name the variable's register (their operand's first words are the same);
//! - an instruction the same as an earlier one of its block (same operation on the same
//!   operands) is not repeated: its readers name the earlier result. Both ran for the same
//!   lanes (a block's instructions run together), and neither is written anywhere else (SSA),
//!   so the two registers hold the same words wherever either is read;
//! - stores to a register variable nothing reads, and loads nothing reads, are dropped.
//!
//! Only functions whose every instruction's operands [`reads`] lists are rewritten.

use std::collections::{HashMap, HashSet};

use super::{Block, Id, Inst, Term};
use crate::exec::{Bin, Un};

/// Calls `f` on each register `inst` reads; false (and no call) for the instructions not
/// listed here. The one list of every decoded instruction's operands (the uniformity analysis
/// reads it too).
pub(crate) fn reads(inst: &mut Inst, f: &mut impl FnMut(&mut Id)) -> bool {
    match inst {
        Inst::Copy { src, .. } | Inst::Extract { src, .. } | Inst::Transpose { src, .. } | Inst::Gather { src, .. } | Inst::Scatter { src, .. } => {
            f(src)
        }
        Inst::Un { a, .. } | Inst::Reduce { a, .. } => f(a),
        Inst::Bin { a, b, .. }
        | Inst::BinScalar { a, b, .. }
        | Inst::Dot { a, b, .. }
        | Inst::MatMul { a, b, .. }
        | Inst::Outer { a, b, .. }
        | Inst::Wide { a, b, .. }
        | Inst::Shuffle { a, b, .. } => {
            f(a);
            f(b);
        }
        Inst::Tri { a, b, c, .. } => {
            f(a);
            f(b);
            f(c);
        }
        Inst::Select { cond, a, b, .. } => {
            f(cond);
            f(a);
            f(b);
        }
        Inst::Construct { parts, .. } => parts.iter_mut().for_each(|(p, _)| f(p)),
        Inst::Insert { obj, src, .. } => {
            f(obj);
            f(src);
        }
        Inst::ExtractDyn { v, idx, .. } => {
            f(v);
            f(idx);
        }
        Inst::InsertDyn { v, comp, idx, .. } => {
            f(v);
            f(comp);
            f(idx);
        }
        Inst::Ext { args, .. } => args.iter_mut().for_each(|(a, _)| f(a)),
        Inst::Load { ptr, .. } | Inst::LoadObj { ptr, .. } | Inst::ArrayLength { ptr, .. } => f(ptr),
        Inst::Store { ptr, src, .. } | Inst::StoreObj { ptr, src, .. } => {
            f(ptr);
            f(src);
        }
        Inst::CopyMemory { dst, src, .. } => {
            f(dst);
            f(src);
        }
        Inst::ChainAt { dynamic, .. } => dynamic.iter_mut().for_each(|(i, _, _)| f(i)),
        Inst::AccessChain { base, dynamic, .. } => {
            f(base);
            dynamic.iter_mut().for_each(|(i, _, _)| f(i));
        }
        Inst::Atomic { ptr, a, b, .. } => {
            f(ptr);
            a.iter_mut().chain(b.iter_mut()).for_each(&mut *f);
        }
        Inst::Call { args, .. } => args.iter_mut().for_each(|(a, _, _)| f(a)),
        Inst::Barrier { .. } | Inst::Fence { .. } | Inst::Demote => {}
        Inst::Uniform(inner, _) => return reads(inner, f),
        _ => return false,
    }
    true
}

/// Calls `f` on each register `term` reads.
fn term_reads(term: &mut Term, f: &mut impl FnMut(&mut Id)) {
    match term {
        Term::Cond(c, ..) => f(c),
        Term::Switch { sel, .. } => f(sel),
        Term::ReturnValue(v, _) => f(v),
        Term::Branch(_) | Term::Return | Term::Kill { .. } => {}
    }
}

/// Calls `f` on every register read anywhere in `blocks` (phis, instructions, terminators).
fn all_reads(blocks: &mut [Block], f: &mut impl FnMut(&mut Id)) {
    for b in blocks {
        for phi in &mut b.phis {
            phi.incoming.iter_mut().for_each(|(v, _)| f(v));
        }
        for inst in &mut b.insts {
            reads(inst, f);
        }
        term_reads(&mut b.term, f);
    }
}

/// Whether an instruction reads its operands' first words only as far as its own counts say
/// (not the operand register's length), so that an operand may name a longer register whose
/// first words are the value.
fn reads_prefix(inst: &Inst) -> bool {
    matches!(
        inst,
        Inst::Copy { .. }
            | Inst::Un { .. }
            | Inst::Bin { .. }
            | Inst::BinScalar { .. }
            | Inst::Select { .. }
            | Inst::Construct { .. }
            | Inst::Extract { .. }
            | Inst::Insert { .. }
            | Inst::Dot { .. }
            | Inst::Scatter { .. }
            | Inst::StoreObj { .. }
            | Inst::ChainAt { .. }
    )
}

/// What makes two instructions the same computation (see the module's doc).
#[derive(PartialEq, Eq, Hash)]
enum Key {
    Un(Un, Id, u32),
    Bin(Bin, Id, Id, u32),
    BinScalar(Bin, Id, Id, u32),
    ArrayLength(Id, u32, u32),
    ChainAt(u32, u32, Vec<(Id, u32)>),
}

fn key(inst: &Inst) -> Option<(Id, Key)> {
    Some(match inst {
        &Inst::Un { op, dst, a, n } => (dst, Key::Un(op, a, n)),
        // Not a division or remainder: the sanitizer reports each one by zero.
        &Inst::Bin { op, dst, a, b, n } if !matches!(op, Bin::UDiv | Bin::SDiv | Bin::UMod | Bin::SRem | Bin::SMod) => {
            (dst, Key::Bin(op, a, b, n))
        }
        &Inst::BinScalar { op, dst, a, b, n } if !matches!(op, Bin::UDiv | Bin::SDiv | Bin::UMod | Bin::SRem | Bin::SMod) => {
            (dst, Key::BinScalar(op, a, b, n))
        }
        &Inst::ArrayLength { dst, ptr, offset, stride } => (dst, Key::ArrayLength(ptr, offset, stride)),
        // Without array lengths: no index the sanitizer would report.
        Inst::ChainAt { dst, obj, offset, dynamic } if dynamic.iter().all(|d| d.2.is_none()) => {
            (*dst, Key::ChainAt(*obj, *offset, dynamic.iter().map(|&(i, s, _)| (i, s)).collect()))
        }
        _ => return None,
    })
}

/// Drops the instructions of `b` at the indices `drop` holds (and their source lines).
fn remove(b: &mut Block, drop: &HashSet<usize>) {
    if drop.is_empty() {
        return;
    }
    let mut k = 0;
    b.insts.retain(|_| {
        k += 1;
        !drop.contains(&(k - 1))
    });
    let mut k = 0;
    b.lines.retain(|_| {
        k += 1;
        !drop.contains(&(k - 1))
    });
}

/// Rewrites `blocks` (one function; `variable`: whether a register is one of its register
/// variables) as the module's doc says.
pub(crate) fn fold(blocks: &mut [Block], variable: impl Fn(Id) -> bool) {
    if !blocks.iter_mut().all(|b| b.insts.iter_mut().all(|i| reads(i, &mut |_| {}))) {
        return;
    }
    forward_loads(blocks);
    common(blocks);
    dead(blocks, variable);
}

/// Readers of a [`Inst::Gather`] of a variable's first words, all later in its block with no
/// store to the variable before the last, name the variable.
fn forward_loads(blocks: &mut [Block]) {
    // Where each register is read: (block, instruction index, or `usize::MAX` for the
    // terminator; phis count as outside every block).
    let mut uses: HashMap<Id, Vec<(usize, usize)>> = HashMap::new();
    for (bi, b) in blocks.iter_mut().enumerate() {
        for phi in &b.phis {
            for &(v, _) in &phi.incoming {
                uses.entry(v).or_default().push((usize::MAX, 0));
            }
        }
        for (k, inst) in b.insts.iter_mut().enumerate() {
            reads(inst, &mut |id: &mut Id| uses.entry(*id).or_default().push((bi, k)));
        }
        term_reads(&mut b.term, &mut |id: &mut Id| uses.entry(*id).or_default().push((bi, usize::MAX)));
    }
    for (bi, b) in blocks.iter_mut().enumerate() {
        let mut drop = HashSet::new();
        for k in 0..b.insts.len() {
            let Inst::Gather { dst, src: var, ref words } = b.insts[k] else { continue };
            if !words.iter().enumerate().all(|(i, &w)| w as usize == i) {
                continue;
            }
            let Some(at) = uses.get(&dst) else { continue };
            if !at.iter().all(|&(ub, ui)| ub == bi && ui > k && (ui == usize::MAX || reads_prefix(&b.insts[ui]))) {
                continue;
            }
            let last = at.iter().map(|&(_, ui)| ui).max().unwrap_or(k);
            if b.insts[k + 1..b.insts.len().min(last.saturating_add(1))].iter().any(|i| matches!(i, Inst::Scatter { dst, .. } if *dst == var)) {
                continue;
            }
            for &(_, ui) in at {
                let mut to = |id: &mut Id| {
                    if *id == dst {
                        *id = var;
                    }
                };
                if ui == usize::MAX {
                    term_reads(&mut b.term, &mut to);
                } else {
                    reads(&mut b.insts[ui], &mut to);
                }
            }
            drop.insert(k);
        }
        remove(b, &drop);
    }
}

/// An instruction the same as an earlier one of its block is dropped; its readers name the
/// earlier one's result.
fn common(blocks: &mut [Block]) {
    let mut same: HashMap<Id, Id> = HashMap::new();
    for b in blocks.iter_mut() {
        let mut seen: HashMap<Key, Id> = HashMap::new();
        let mut drop = HashSet::new();
        for (k, inst) in b.insts.iter_mut().enumerate() {
            reads(inst, &mut |id: &mut Id| {
                if let Some(&to) = same.get(id) {
                    *id = to;
                }
            });
            let Some((dst, key)) = key(inst) else { continue };
            match seen.get(&key) {
                Some(&first) => {
                    same.insert(dst, first);
                    drop.insert(k);
                }
                None => {
                    seen.insert(key, dst);
                }
            }
        }
        remove(b, &drop);
    }
    if !same.is_empty() {
        all_reads(blocks, &mut |id: &mut Id| {
            if let Some(&to) = same.get(id) {
                *id = to;
            }
        });
    }
}

/// Stores to register variables nothing reads, and loads of them nothing reads, are dropped.
fn dead(blocks: &mut [Block], variable: impl Fn(Id) -> bool) {
    loop {
        let mut read = HashSet::new();
        all_reads(blocks, &mut |id: &mut Id| {
            read.insert(*id);
        });
        let mut changed = false;
        for b in blocks.iter_mut() {
            let drop: HashSet<usize> = (0..b.insts.len())
                .filter(|&k| match b.insts[k] {
                    Inst::Scatter { dst, .. } => variable(dst) && !read.contains(&dst),
                    Inst::Gather { dst, .. } => !read.contains(&dst),
                    _ => false,
                })
                .collect();
            changed |= !drop.is_empty();
            remove(b, &drop);
        }
        if !changed {
            break;
        }
    }
}

/// Uniform instructions (of the kinds `Thread::exec_uniform` can leave unfilled) whose result
/// only uniform instructions later in the same block read are marked to write the first lane
/// only: those readers run for the same lanes and read their operands at the first of them
/// (with the sanitizer, or for one lane, every instruction runs for every lane).
pub(crate) fn first_lane_only(blocks: &mut [Block]) {
    if !blocks.iter_mut().all(|b| b.insts.iter_mut().all(|i| reads(i, &mut |_| {}))) {
        return;
    }
    // Who reads each register: (block, instruction index, whether a uniform instruction);
    // phis and terminators count as non-uniform readers outside every block.
    let mut uses: HashMap<Id, Vec<(usize, usize, bool)>> = HashMap::new();
    for (bi, b) in blocks.iter_mut().enumerate() {
        for phi in &b.phis {
            for &(v, _) in &phi.incoming {
                uses.entry(v).or_default().push((usize::MAX, 0, false));
            }
        }
        for (k, inst) in b.insts.iter_mut().enumerate() {
            let uniform = matches!(inst, Inst::Uniform(..));
            reads(inst, &mut |id: &mut Id| uses.entry(*id).or_default().push((bi, k, uniform)));
        }
        term_reads(&mut b.term, &mut |id: &mut Id| uses.entry(*id).or_default().push((usize::MAX, 0, false)));
    }
    for (bi, b) in blocks.iter_mut().enumerate() {
        for (k, inst) in b.insts.iter_mut().enumerate() {
            let Inst::Uniform(inner, fill) = inst else { continue };
            let dst = match **inner {
                Inst::Bin { dst, .. } | Inst::Un { dst, .. } | Inst::ArrayLength { dst, .. } | Inst::ChainAt { dst, .. } => dst,
                _ => continue,
            };
            let at = uses.get(&dst).map_or(&[][..], |v| &v[..]);
            if !at.is_empty() && at.iter().all(|&(ub, ui, uniform)| ub == bi && ui > k && uniform) {
                *fill = false;
            }
        }
    }
}
