//! Subgroup reductions and scans of 8-, 16- and 64-bit components ([`Inst::SubgroupWide`],
//! GL_EXT_shader_subgroup_extended_types): the rules of the 32-bit `SubgroupOp::Arith`
//! ([`Thread::subgroup`]) with the operation of [`crate::widths`] at the components' width.

use crate::decode::{Inst, Scan, SUBGROUP_SIZE};
use crate::widths::eval;

use super::Thread;

impl Thread<'_> {
    pub(super) fn exec_subgroup_wide(&mut self, inst: &Inst, lanes: &[u32]) {
        let Inst::SubgroupWide { op, scalar, identity, scan, dst, a, b, comps } = *inst else {
            unreachable!("not a wide subgroup operation: {inst:?}")
        };
        let l = self.l;
        let words = scalar.words();
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        let r = &self.regs;
        let word = |id: u32, k: usize, j: usize| u64::from(r[id as usize].get(k * l + j).copied().unwrap_or(0));
        let value = |c: usize, j: usize| (0..words).fold(0u64, |v, k| v | word(a, c * words + k, j) << (32 * k));
        let (sc, out) = ([scalar, scalar], [scalar]);
        let (mut vals, mut res) = (vec![vec![0u64], vec![0u64]], Vec::with_capacity(1));
        for group in lanes.chunk_by(|x, y| *x as usize / SUBGROUP_SIZE == *y as usize / SUBGROUP_SIZE) {
            let base = group[0] as usize / SUBGROUP_SIZE * SUBGROUP_SIZE;
            for &i in group {
                let i = i as usize;
                let me = i - base;
                let cluster = b.map_or(1, |b| word(b, 0, i)).max(1) as usize;
                let takes = |j: usize| match scan {
                    Scan::Reduce => true,
                    Scan::Inclusive => j <= i,
                    Scan::Exclusive => j < i,
                    Scan::Clustered => (j - base) / cluster == me / cluster,
                };
                for c in 0..comps as usize {
                    let mut acc = identity;
                    for j in group.iter().map(|&j| j as usize).filter(|&j| takes(j)) {
                        (vals[0][0], vals[1][0]) = (acc, value(c, j));
                        res.clear();
                        eval(op, &sc, &vals, &out, &mut res);
                        acc = res.first().copied().unwrap_or(0);
                    }
                    for k in 0..words {
                        d[(c * words + k) * l + i] = (acc >> (32 * k)) as u32;
                    }
                }
            }
        }
        self.regs[dst as usize] = d;
    }
}
