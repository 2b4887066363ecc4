//! Uniform values: a divergence analysis on the decoded form of a function, marking the
//! instructions whose result is the same in every lane that runs them together
//! ([`Inst::Uniform`]: the executor computes them for one lane and copies the result).
//!
//! The scheduler runs the lowest block any lane waits at (`exec.rs` `run_func`; blocks are in
//! structured order), so a block runs twice for different lanes only through a back edge, and
//! lanes in a loop run its iterations together. Hence a value computed from uniform operands
//! is the same in every lane that later uses it together, except:
//! - a phi where lanes from different predecessors meet: at a block a divergent branch
//!   controls (its region below);
//! - a value defined in a loop with a divergent branch and used after the loop (lanes that
//!   left earlier keep an older iteration's value): every value defined in such a loop is
//!   taken as divergent;
//! - a function variable kept in a register ([`crate::decode::Prog::promoted`]): uniform only
//!   in the entry point (run once, by all lanes; a callee's variables keep what earlier calls
//!   by other lanes left) and when every store to it stores a uniform value outside the
//!   regions of divergent branches (so every live lane stores it).
//!
//! The region of a divergent branch in block `d`: the blocks after `d` up to the block where
//! its lanes meet again: the merge block of the selection `d` heads, or `d`'s farthest target,
//! moved on to the farthest target of any block between (a branch out of the selection to an
//! enclosing merge or a loop's continue target); but the whole innermost loop around `d`,
//! header included, when lanes leave it or go back to its header apart. Stores in a region are
//! divergent, and so are phis in it and at its end. A function with
//! a discard (`Term::Kill`, whose lanes resume at other blocks) is left as it is.

use std::collections::HashMap;

use crate::decode::{Block, Id, Inst, Obj, Term};

/// The result and operands of an instruction whose result depends on its operands only (and,
/// for a load, on memory every lane reads alike); `None` for the others (their results are
/// divergent). The operands are the registers [`crate::decode::reads`] lists.
fn operands(inst: &Inst, objs: &[Obj]) -> Option<(Id, Vec<Id>)> {
    let dst = match inst {
        Inst::Copy { dst, .. }
        | Inst::Extract { dst, .. }
        | Inst::Transpose { dst, .. }
        | Inst::Gather { dst, .. }
        | Inst::Un { dst, .. }
        | Inst::Reduce { dst, .. }
        | Inst::Bin { dst, .. }
        | Inst::BinScalar { dst, .. }
        | Inst::Dot { dst, .. }
        | Inst::MatMul { dst, .. }
        | Inst::Outer { dst, .. }
        | Inst::Wide { dst, .. }
        | Inst::Shuffle { dst, .. }
        | Inst::Tri { dst, .. }
        | Inst::Select { dst, .. }
        | Inst::Construct { dst, .. }
        | Inst::Insert { dst, .. }
        | Inst::ExtractDyn { dst, .. }
        | Inst::InsertDyn { dst, .. }
        | Inst::Ext { dst, .. }
        | Inst::ArrayLength { dst, .. }
        | Inst::ChainAt { dst, .. } => *dst,
        // Lane memory differs per lane; buffers and workgroup memory at one address do not.
        Inst::LoadObj { dst, obj, .. } if !matches!(objs.get(*obj as usize), Some(Obj::Lane { .. }) | None) => *dst,
        _ => return None,
    };
    let mut reads = Vec::new();
    crate::decode::reads(&mut inst.clone(), &mut |id: &mut Id| reads.push(*id));
    Some((dst, reads))
}

/// Whether computing `inst` once and copying saves work: not for the plain copies (the copy
/// costs as much) or a load at an address known at decode time (already read once).
fn worth(inst: &Inst) -> bool {
    !matches!(
        inst,
        Inst::Copy { .. }
            | Inst::Extract { .. }
            | Inst::Gather { .. }
            | Inst::Construct { .. }
            | Inst::Insert { .. }
            | Inst::Shuffle { .. }
            | Inst::LoadObj { at: Some(_), .. }
    )
}

fn targets(term: &Term) -> Vec<u32> {
    match term {
        Term::Branch(t) => vec![*t],
        Term::Cond(_, t, e) => vec![*t, *e],
        Term::Switch { default, cases, .. } => std::iter::once(*default)
            .chain(cases.iter().map(|&(_, t)| t))
            .collect(),
        Term::Return | Term::ReturnValue(..) | Term::Kill { .. } => Vec::new(),
    }
}

/// Marks the uniform instructions of one function's `blocks` ([`Inst::Uniform`]).
/// `constructs`: (header, merge, whether a loop) by block index; `promoted`: the function's
/// variables kept in registers that may be uniform (empty but in the entry point);
/// `constant`: whether a register holds a constant (the same in every lane).
pub(crate) fn mark(
    blocks: &mut [Block],
    constructs: &[(u32, u32, bool)],
    promoted: &[Id],
    objs: &[Obj],
    constant: impl Fn(Id) -> bool,
) {
    if blocks.iter().any(|b| matches!(b.term, Term::Kill { .. })) {
        return;
    }
    // Optimistic start: every candidate uniform; the loop below only takes uniformity away.
    let mut uni: HashMap<Id, bool> = HashMap::new();
    for b in blocks.iter() {
        for phi in &b.phis {
            uni.insert(phi.dst, true);
        }
        for inst in &b.insts {
            if let Some((dst, _)) = operands(inst, objs) {
                uni.insert(dst, true);
            }
        }
    }
    for &v in promoted {
        uni.insert(v, true);
    }
    let is_uni = |uni: &HashMap<Id, bool>, id: Id| constant(id) || uni.get(&id) == Some(&true);
    loop {
        // The regions of the divergent branches, and the loops with one.
        let mut regions: Vec<(u32, u32)> = Vec::new();
        let mut loops: Vec<(u32, u32)> = Vec::new();
        for (d, b) in blocks.iter().enumerate() {
            let d = d as u32;
            let divergent = match &b.term {
                Term::Cond(c, ..) => !is_uni(&uni, *c),
                Term::Switch { sel, .. } => !is_uni(&uni, *sel),
                _ => false,
            };
            if !divergent {
                continue;
            }
            let innermost = constructs
                .iter()
                .filter(|&&(h, m, is_loop)| is_loop && h <= d && d < m)
                .max_by_key(|&&(h, _, _)| h);
            let own = constructs.iter().find(|&&(h, _, _)| h == d);
            // Where the lanes meet again: the merge of a selection `d` heads (or the farthest
            // target of `d`), pushed on to every block a branch between leaves for.
            let mut end = match own {
                Some(&(_, m, false)) => m,
                _ => targets(&b.term).into_iter().max().unwrap_or(d),
            };
            let mut back = matches!(own, Some((_, _, true)));
            loop {
                let reach = (d + 1..end)
                    .flat_map(|k| targets(&blocks[k as usize].term))
                    .inspect(|&t| back |= t <= d)
                    .max()
                    .unwrap_or(end);
                if reach <= end {
                    break;
                }
                end = reach;
            }
            match innermost {
                // Lanes leave a loop (or go round it) apart: the whole loop.
                Some(&(h, m, _)) if back || end >= m => {
                    regions.push((h, m));
                    loops.push((h, m));
                }
                _ => regions.push((d + 1, end)),
            }
        }
        // Lanes run the blocks of a region apart and meet again at its end (a merge block):
        // stores there are every live lane's, phis are not uniform.
        let controlled = |k: u32| regions.iter().any(|&(lo, end)| lo <= k && k < end);
        let meeting = |k: u32| regions.iter().any(|&(lo, end)| lo <= k && k <= end);
        let in_divergent_loop = |k: u32| loops.iter().any(|&(h, m)| h <= k && k < m);
        let mut changed = false;
        let mut drop = |uni: &mut HashMap<Id, bool>, id: Id| {
            if let Some(u) = uni.get_mut(&id) {
                if *u {
                    *u = false;
                    changed = true;
                }
            }
        };
        for (k, b) in blocks.iter().enumerate() {
            let k = k as u32;
            let (ctl, looped) = (controlled(k), in_divergent_loop(k));
            for phi in &b.phis {
                if meeting(k) || looped || phi.incoming.iter().any(|&(v, _)| !is_uni(&uni, v)) {
                    drop(&mut uni, phi.dst);
                }
            }
            for inst in &b.insts {
                if let Inst::Scatter { dst, src, .. } = inst {
                    if ctl || !is_uni(&uni, *src) {
                        drop(&mut uni, *dst);
                    }
                } else if let Some((dst, reads)) = operands(inst, objs) {
                    if looped || reads.iter().any(|&r| !is_uni(&uni, r)) {
                        drop(&mut uni, dst);
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    for b in blocks.iter_mut() {
        for inst in &mut b.insts {
            let mark = operands(inst, objs).is_some_and(|(dst, _)| uni.get(&dst) == Some(&true))
                && worth(inst);
            if mark {
                let plain = std::mem::replace(inst, Inst::Demote);
                *inst = Inst::Uniform(Box::new(plain), true);
            }
        }
    }
}
