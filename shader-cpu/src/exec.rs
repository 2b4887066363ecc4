//! Execution: workgroups spread over worker threads; inside a workgroup, every instruction
//! runs over all active lanes (SIMT).
//!
//! Registers hold `words * lanes` words, word `k` of lane `l` at `k * lanes + l`, so an
//! operation is a tight loop over the active lanes per component. Control flow: each lane has
//! a block index (`pc`); the next block to run is the lowest index any lane waits at, run for
//! all lanes waiting there. Blocks are in structured order (decode.rs), so lanes that took
//! different sides of a branch meet again at the merge block, and a loop's lanes that left
//! wait at the loop's merge block until the last one leaves.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

use spirv::Op;

use crate::decode::{Axis, Builtin, Id, ImageType, Inst, Lod, Obj, Prog, Query, SampleInst, Scan, SubgroupOp, Term, PART_1, PART_2, SUBGROUP_SIZE, UNBOUNDED_BUFFERS, UNBOUNDED_HANDLES};
use crate::image::{Image, SampleQuery, Sampler};
use crate::{Binding, BindingKind, Buffer, Error, Finding, FindingKind, Options, Report, Resource};

mod address;
mod atomic64;
mod descriptor;
mod image_atomic;
mod interpolate;
mod multisample;
mod subgroup_wide;
mod subpass;
mod clock;

/// Lanes that are done (returned or killed).
const DONE: u32 = u32::MAX;
/// The offset of a pointer that points nowhere (an out-of-bounds index): loads read 0 and
/// stores are dropped.
const POISON: u32 = u32::MAX;
pub(crate) const MAX_FINDINGS: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Un {
    INeg,
    FNeg,
    Not,
    LogicalNot,
    IsNan,
    IsInf,
    BitReverse,
    BitCount,
    FToU,
    FToS,
    SToF,
    UToF,
    QuantizeF16,
    Round,
    RoundEven,
    Trunc,
    FAbs,
    SAbs,
    FSign,
    SSign,
    Floor,
    Ceil,
    Fract,
    Radians,
    Degrees,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Exp,
    Log,
    Exp2,
    Log2,
    Sqrt,
    InverseSqrt,
    FindILsb,
    FindSMsb,
    FindUMsb,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Bin {
    IAdd,
    ISub,
    IMul,
    UDiv,
    SDiv,
    UMod,
    SRem,
    SMod,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
    FMod,
    Shl,
    Shr,
    Sar,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    UGt,
    SGt,
    UGe,
    SGe,
    ULt,
    SLt,
    ULe,
    SLe,
    FOEq,
    FONe,
    FOLt,
    FOGt,
    FOLe,
    FOGe,
    FUEq,
    FUNe,
    FULt,
    FUGt,
    FULe,
    FUGe,
    Atan2,
    Pow,
    FMin,
    UMin,
    SMin,
    FMax,
    UMax,
    SMax,
    Step,
    Ldexp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    FClamp,
    UClamp,
    SClamp,
    FMix,
    SmoothStep,
    Fma,
}

#[inline(always)]
fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

#[inline(always)]
fn b(v: bool) -> u32 {
    v as u32
}

/// `match $op` with one arm per operation, each running `$body` with `$f` bound to that
/// operation's closure (of `u32` arguments): the table of [`with_un`], [`with_bin`], [`with_tri`].
macro_rules! op_arms {
    ($op:expr, $f:ident, $body:expr, $($name:path => |$($p:ident),*| $e:expr),* $(,)?) => {
        match $op {
            $($name => {
                let $f = |$($p: u32),*| -> u32 { $e };
                $body
            })*
        }
    };
}

/// Runs `$body` with `$f` bound to the closure of unary operation `$op` (one closure type per
/// operation, so a lane loop in `$body` is compiled, and vectorized, for each).
macro_rules! with_un {
    ($op:expr, $f:ident => $body:expr) => {
        op_arms!($op, $f, $body,
                Un::INeg => |x| x.wrapping_neg(),
                Un::FNeg => |x| x ^ 0x8000_0000,
                Un::Not => |x| !x,
                Un::LogicalNot => |x| b(x == 0),
                Un::IsNan => |x| b(f(x).is_nan()),
                Un::IsInf => |x| b(f(x).is_infinite()),
                Un::BitReverse => |x| x.reverse_bits(),
                Un::BitCount => |x| x.count_ones(),
                Un::FToU => |x| f(x) as u32,
                Un::FToS => |x| (f(x) as i32) as u32,
                Un::SToF => |x| (x as i32 as f32).to_bits(),
                Un::UToF => |x| (x as f32).to_bits(),
                Un::QuantizeF16 => |x| crate::ext::f16_to_f32(crate::ext::f32_to_f16(f(x))).to_bits(),
                // GLSL.std.450 `Round` leaves the direction of a half to the implementation: even, as
                // lavapipe rounds (the same as `RoundEven`).
                Un::Round => |x| f(x).round_ties_even().to_bits(),
                Un::RoundEven => |x| f(x).round_ties_even().to_bits(),
                Un::Trunc => |x| f(x).trunc().to_bits(),
                Un::FAbs => |x| x & 0x7FFF_FFFF,
                Un::SAbs => |x| (x as i32).wrapping_abs() as u32,
                Un::FSign => |x| {
                    let v = f(x);
                    (if v > 0.0 {
                        1.0f32
                    } else if v < 0.0 {
                        -1.0
                    } else {
                        v
                    })
                    .to_bits()
                },
                Un::SSign => |x| (x as i32).signum() as u32,
                Un::Floor => |x| f(x).floor().to_bits(),
                Un::Ceil => |x| f(x).ceil().to_bits(),
                Un::Fract => |x| {
                    let v = f(x);
                    (v - v.floor()).min(f32::from_bits(0x3F7F_FFFF)).to_bits()
                },
                Un::Radians => |x| (f(x) * (std::f32::consts::PI / 180.0)).to_bits(),
                Un::Degrees => |x| (f(x) * (180.0 / std::f32::consts::PI)).to_bits(),
                Un::Sin => |x| f(x).sin().to_bits(),
                Un::Cos => |x| f(x).cos().to_bits(),
                Un::Tan => |x| f(x).tan().to_bits(),
                Un::Asin => |x| f(x).asin().to_bits(),
                Un::Acos => |x| f(x).acos().to_bits(),
                Un::Atan => |x| f(x).atan().to_bits(),
                Un::Sinh => |x| f(x).sinh().to_bits(),
                Un::Cosh => |x| f(x).cosh().to_bits(),
                Un::Tanh => |x| f(x).tanh().to_bits(),
                Un::Asinh => |x| f(x).asinh().to_bits(),
                Un::Acosh => |x| f(x).acosh().to_bits(),
                Un::Atanh => |x| f(x).atanh().to_bits(),
                Un::Exp => |x| f(x).exp().to_bits(),
                Un::Log => |x| f(x).ln().to_bits(),
                Un::Exp2 => |x| f(x).exp2().to_bits(),
                Un::Log2 => |x| f(x).log2().to_bits(),
                Un::Sqrt => |x| f(x).sqrt().to_bits(),
                Un::InverseSqrt => |x| (1.0 / f(x).sqrt()).to_bits(),
                Un::FindILsb => |x| if x == 0 { u32::MAX } else { x.trailing_zeros() },
                Un::FindSMsb => |x| {
                    let v = if (x as i32) < 0 { !x } else { x };
                    if v == 0 {
                        u32::MAX
                    } else {
                        31 - v.leading_zeros()
                    }
                },
                Un::FindUMsb => |x| if x == 0 { u32::MAX } else { 31 - x.leading_zeros() },
        )
    };
}

/// The same for the binary operations.
macro_rules! with_bin {
    ($op:expr, $f:ident => $body:expr) => {
        op_arms!($op, $f, $body,
                Bin::IAdd => |x, y| x.wrapping_add(y),
                Bin::ISub => |x, y| x.wrapping_sub(y),
                Bin::IMul => |x, y| x.wrapping_mul(y),
                // Division by zero is undefined in SPIR-V; 0 keeps it harmless (front ends that
                // define it, like WGSL, guard the divisor themselves).
                Bin::UDiv => |x, y| x.checked_div(y).unwrap_or(0),
                Bin::SDiv => |x, y| (x as i32).checked_div(y as i32).unwrap_or(if y == 0 { 0 } else { x as i32 }) as u32,
                Bin::UMod => |x, y| x.checked_rem(y).unwrap_or(0),
                Bin::SRem => |x, y| (x as i32).checked_rem(y as i32).unwrap_or(0) as u32,
                Bin::SMod => |x, y| {
                    let (x, y) = (x as i32, y as i32);
                    let r = x.checked_rem(y).unwrap_or(0);
                    (if r != 0 && (r < 0) != (y < 0) { r + y } else { r }) as u32
                },
                Bin::FAdd => |x, y| (f(x) + f(y)).to_bits(),
                Bin::FSub => |x, y| (f(x) - f(y)).to_bits(),
                Bin::FMul => |x, y| (f(x) * f(y)).to_bits(),
                Bin::FDiv => |x, y| (f(x) / f(y)).to_bits(),
                Bin::FRem => |x, y| (f(x) % f(y)).to_bits(),
                Bin::FMod => |x, y| (f(x) - f(y) * (f(x) / f(y)).floor()).to_bits(),
                Bin::Shl => |x, y| x.wrapping_shl(y),
                Bin::Shr => |x, y| x.wrapping_shr(y),
                Bin::Sar => |x, y| (x as i32).wrapping_shr(y) as u32,
                Bin::And => |x, y| x & y,
                Bin::Or => |x, y| x | y,
                Bin::Xor => |x, y| x ^ y,
                Bin::Eq => |x, y| b(x == y),
                Bin::Ne => |x, y| b(x != y),
                Bin::UGt => |x, y| b(x > y),
                Bin::SGt => |x, y| b((x as i32) > (y as i32)),
                Bin::UGe => |x, y| b(x >= y),
                Bin::SGe => |x, y| b((x as i32) >= (y as i32)),
                Bin::ULt => |x, y| b(x < y),
                Bin::SLt => |x, y| b((x as i32) < (y as i32)),
                Bin::ULe => |x, y| b(x <= y),
                Bin::SLe => |x, y| b((x as i32) <= (y as i32)),
                Bin::FOEq => |x, y| b(f(x) == f(y)),
                Bin::FONe => |x, y| b(f(x) != f(y) && !f(x).is_nan() && !f(y).is_nan()),
                Bin::FOLt => |x, y| b(f(x) < f(y)),
                Bin::FOGt => |x, y| b(f(x) > f(y)),
                Bin::FOLe => |x, y| b(f(x) <= f(y)),
                Bin::FOGe => |x, y| b(f(x) >= f(y)),
                Bin::FUEq => |x, y| b(f(x) == f(y) || f(x).is_nan() || f(y).is_nan()),
                Bin::FUNe => |x, y| b(f(x) != f(y)),
                Bin::FULt => |x, y| b(f(x).partial_cmp(&f(y)).is_none_or(|o| o.is_lt())),
                Bin::FUGt => |x, y| b(f(x).partial_cmp(&f(y)).is_none_or(|o| o.is_gt())),
                Bin::FULe => |x, y| b(f(x).partial_cmp(&f(y)).is_none_or(|o| o.is_le())),
                Bin::FUGe => |x, y| b(f(x).partial_cmp(&f(y)).is_none_or(|o| o.is_ge())),
                Bin::Atan2 => |x, y| f(x).atan2(f(y)).to_bits(),
                Bin::Pow => |x, y| f(x).powf(f(y)).to_bits(),
                Bin::FMin => |x, y| f(x).min(f(y)).to_bits(),
                Bin::UMin => |x, y| x.min(y),
                Bin::SMin => |x, y| (x as i32).min(y as i32) as u32,
                Bin::FMax => |x, y| f(x).max(f(y)).to_bits(),
                Bin::UMax => |x, y| x.max(y),
                Bin::SMax => |x, y| (x as i32).max(y as i32) as u32,
                Bin::Step => |edge, x| (if f(x) < f(edge) { 0.0f32 } else { 1.0 }).to_bits(),
                Bin::Ldexp => |x, e| ((f64::from(f(x)) * 2f64.powi(e as i32)) as f32).to_bits(),
        )
    };
}

/// The operation as a function (for callers that apply it lane by lane).
pub(crate) fn bin(op: Bin) -> fn(u32, u32) -> u32 {
    with_bin!(op, op => op as fn(u32, u32) -> u32)
}

/// The unary operation as a function.
pub(crate) fn un(op: Un) -> fn(u32) -> u32 {
    with_un!(op, op => op as fn(u32) -> u32)
}

/// The same for the ternary operations.
macro_rules! with_tri {
    ($op:expr, $f:ident => $body:expr) => {
        op_arms!($op, $f, $body,
                Tri::FClamp => |x, lo, hi| f(x).max(f(lo)).min(f(hi)).to_bits(),
                Tri::UClamp => |x, lo, hi| x.max(lo).min(hi),
                Tri::SClamp => |x, lo, hi| (x as i32).max(lo as i32).min(hi as i32) as u32,
                Tri::FMix => |x, y, a| (f(x) * (1.0 - f(a)) + f(y) * f(a)).to_bits(),
                Tri::SmoothStep => |e0, e1, x| {
                    let t = ((f(x) - f(e0)) / (f(e1) - f(e0))).clamp(0.0, 1.0);
                    (t * t * (3.0 - 2.0 * t)).to_bits()
                },
                Tri::Fma => |a, b, c| f(a).mul_add(f(b), f(c)).to_bits(),
        )
    };
}


/// Evaluates a pure instruction (an OpSpecConstantOp) over constants, on one lane.
pub(crate) fn eval_constant(inst: &Inst, consts: &[Option<Vec<u32>>], words: u32) -> Result<Vec<u32>, Error> {
    let mut regs: Vec<Vec<u32>> = consts.iter().map(|c| c.clone().unwrap_or_default()).collect();
    let dst = dst_of(inst).ok_or_else(|| Error::Invalid("OpSpecConstantOp without result".into()))?;
    regs[dst as usize] = vec![0; words as usize];
    if !pure(&mut regs, 1, inst, &[0]) {
        return Err(Error::Unsupported(format!("OpSpecConstantOp of {inst:?}")));
    }
    Ok(std::mem::take(&mut regs[dst as usize]))
}

fn dst_of(inst: &Inst) -> Option<Id> {
    Some(match inst {
        Inst::Copy { dst, .. }
        | Inst::Un { dst, .. }
        | Inst::Bin { dst, .. }
        | Inst::BinScalar { dst, .. }
        | Inst::Tri { dst, .. }
        | Inst::Select { dst, .. }
        | Inst::Construct { dst, .. }
        | Inst::Extract { dst, .. }
        | Inst::Insert { dst, .. }
        | Inst::Shuffle { dst, .. }
        | Inst::ExtractDyn { dst, .. }
        | Inst::InsertDyn { dst, .. }
        | Inst::Dot { dst, .. }
        | Inst::Reduce { dst, .. }
        | Inst::MatMul { dst, .. }
        | Inst::Outer { dst, .. }
        | Inst::Transpose { dst, .. }
        | Inst::Wide { dst, .. }
        | Inst::Ext { dst, .. } => *dst,
        Inst::Typed(t) => t.dst,
        _ => return None,
    })
}

/// Register `dst` taken out of the file while the sources are read (SSA: a result is never
/// one of its own operands).
macro_rules! with_dst {
    ($regs:expr, $dst:expr, |$d:ident, $r:ident| $body:block) => {{
        let mut $d = std::mem::take(&mut $regs[$dst as usize]);
        {
            let $r = &*$regs;
            $body
        }
        $regs[$dst as usize] = $d;
    }};
}

/// `d[i] = op(a[i])` for the active lanes `lanes` (sorted; all of `d`'s when as many), over
/// one component's words: a plain loop over every lane when all are active, which the compiler
/// vectorizes for each operation's closure.
#[inline(always)]
fn map1(d: &mut [u32], a: &[u32], lanes: &[u32], op: impl Fn(u32) -> u32) {
    if lanes.len() == d.len() {
        for (d, &a) in d.iter_mut().zip(a) {
            *d = op(a);
        }
    } else {
        for &i in lanes {
            d[i as usize] = op(a[i as usize]);
        }
    }
}

/// `d[i] = op(a[i], b[i])` for the active lanes (see [`map1`]).
#[inline(always)]
fn map2(d: &mut [u32], a: &[u32], b: &[u32], lanes: &[u32], op: impl Fn(u32, u32) -> u32) {
    if lanes.len() == d.len() {
        for ((d, &a), &b) in d.iter_mut().zip(a).zip(b) {
            *d = op(a, b);
        }
    } else {
        for &i in lanes {
            let i = i as usize;
            d[i] = op(a[i], b[i]);
        }
    }
}

/// `d[i] = op(a[i], b[i], c[i])` for the active lanes (see [`map1`]).
#[inline(always)]
fn map3(d: &mut [u32], a: &[u32], b: &[u32], c: &[u32], lanes: &[u32], op: impl Fn(u32, u32, u32) -> u32) {
    if lanes.len() == d.len() {
        for (((d, &a), &b), &c) in d.iter_mut().zip(a).zip(b).zip(c) {
            *d = op(a, b, c);
        }
    } else {
        for &i in lanes {
            let i = i as usize;
            d[i] = op(a[i], b[i], c[i]);
        }
    }
}

/// `d[i] = s[i]` for the active lanes (see [`map1`]).
#[inline(always)]
fn copy_lanes(d: &mut [u32], s: &[u32], lanes: &[u32]) {
    if lanes.len() == d.len() {
        d.copy_from_slice(s);
    } else {
        for &i in lanes {
            d[i as usize] = s[i as usize];
        }
    }
}

/// `d[i] = v` for the active lanes (see [`map1`]).
#[inline(always)]
fn fill_lanes(d: &mut [u32], v: u32, lanes: &[u32]) {
    if lanes.len() == d.len() {
        d.fill(v);
    } else {
        for &i in lanes {
            d[i as usize] = v;
        }
    }
}

/// Whether `ok` holds for the largest word of `row`, where `ok` holds for every word below one
/// it holds for (a bound): tried first on the bitwise or of the words (not below the largest,
/// and vectorized without SSE4.1's unsigned maximum), then on the largest.
#[inline(always)]
fn row_below(row: &[u32], ok: impl Fn(u32) -> bool) -> bool {
    ok(row.iter().fold(0, |m, &x| m | x)) || ok(row.iter().fold(0, |m, &x| m.max(x)))
}

/// The in-bounds part of a load through pointers into one memory object of `size` bytes
/// (`p`: the pointer register, object then byte offset per lane): `word(lane, w)` reads word
/// `w` of the object; with `at` (one address for every lane, memory the lanes share) each
/// word is read once. Returns whether some lane was out of bounds (left to the checked path).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn gather(d: &mut [u32], p: &[u32], l: usize, lanes: &[u32], leaves: &[u32], at: Option<u32>, size: u64, word: impl Fn(usize, usize) -> u32) -> bool {
    let last = u64::from(leaves.iter().copied().max().unwrap_or(0)) + 4;
    let fits = |off: u32| off != POISON && u64::from(off) + last <= size;
    if let Some(at) = at.filter(|&at| fits(at)) {
        for (k, &leaf) in leaves.iter().enumerate() {
            fill_lanes(&mut d[k * l..(k + 1) * l], word(0, ((at + leaf) / 4) as usize), lanes);
        }
        return false;
    }
    if lanes.len() == l {
        // Every lane in bounds (the largest offset is): whole rows, no check per lane.
        let offs = &p[l..2 * l];
        if row_below(offs, fits) {
            for (k, &leaf) in leaves.iter().enumerate() {
                for (i, (d, &off)) in d[k * l..(k + 1) * l].iter_mut().zip(offs).enumerate() {
                    *d = word(i, ((off + leaf) / 4) as usize);
                }
            }
            return false;
        }
    }
    let mut slow = false;
    let mut lane = |i: usize| {
        let off = p[l + i];
        if !fits(off) {
            slow = true;
            return;
        }
        for (k, &leaf) in leaves.iter().enumerate() {
            d[k * l + i] = word(i, ((off + leaf) / 4) as usize);
        }
    };
    if lanes.len() == l {
        (0..l).for_each(&mut lane);
    } else {
        lanes.iter().for_each(|&i| lane(i as usize));
    }
    slow
}

/// Executes an instruction that touches registers only. Returns false for the others.
fn pure(regs: &mut [Vec<u32>], l: usize, inst: &Inst, lanes: &[u32]) -> bool {
    match inst {
        Inst::Copy { dst, src, n } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*src as usize];
            for k in 0..*n as usize {
                copy_lanes(&mut d[k * l..(k + 1) * l], &s[k * l..(k + 1) * l], lanes);
            }
        }),
        Inst::Gather { dst, src, words } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*src as usize];
            for (k, &w) in words.iter().enumerate() {
                let w = w as usize;
                copy_lanes(&mut d[k * l..(k + 1) * l], &s[w * l..(w + 1) * l], lanes);
            }
        }),
        Inst::Scatter { dst, src, words } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*src as usize];
            for (k, &w) in words.iter().enumerate() {
                let w = w as usize;
                copy_lanes(&mut d[w * l..(w + 1) * l], &s[k * l..(k + 1) * l], lanes);
            }
        }),
        Inst::Un { op, dst, a, n } => with_un!(*op, op => with_dst!(regs, *dst, |d, r| {
            let a = &r[*a as usize];
            for k in 0..*n as usize {
                map1(&mut d[k * l..(k + 1) * l], &a[k * l..(k + 1) * l], lanes, op);
            }
        })),
        Inst::Bin { op, dst, a, b, n } => with_bin!(*op, op => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            for k in 0..*n as usize {
                let w = k * l..(k + 1) * l;
                map2(&mut d[w.clone()], &a[w.clone()], &b[w], lanes, op);
            }
        })),
        Inst::BinScalar { op, dst, a, b, n } => with_bin!(*op, op => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            for k in 0..*n as usize {
                let w = k * l..(k + 1) * l;
                map2(&mut d[w.clone()], &a[w], &b[..l], lanes, op);
            }
        })),
        Inst::Tri { op, dst, a, b, c, n } => with_tri!(*op, op => with_dst!(regs, *dst, |d, r| {
            let (a, b, c) = (&r[*a as usize], &r[*b as usize], &r[*c as usize]);
            // GLSL.std.450 allows scalar bounds/weights with vector operands in a few
            // functions (glslang splats, but other producers may not).
            let (nb, nc) = (b.len() / l, c.len() / l);
            for k in 0..*n as usize {
                let (kb, kc) = (if nb == 1 { 0 } else { k }, if nc == 1 { 0 } else { k });
                let (w, wb, wc) = (k * l..(k + 1) * l, kb * l..(kb + 1) * l, kc * l..(kc + 1) * l);
                map3(&mut d[w.clone()], &a[w], &b[wb], &c[wc], lanes, op);
            }
        })),
        Inst::Select { dst, cond, a, b, n, scalar_cond } => with_dst!(regs, *dst, |d, r| {
            let (c, a, b) = (&r[*cond as usize], &r[*a as usize], &r[*b as usize]);
            for k in 0..*n as usize {
                let kc = if *scalar_cond { 0 } else { k };
                for &i in lanes {
                    let i = i as usize;
                    d[k * l + i] = if c[kc * l + i] != 0 { a[k * l + i] } else { b[k * l + i] };
                }
            }
        }),
        Inst::Construct { dst, parts } => with_dst!(regs, *dst, |d, r| {
            let mut at = 0;
            for &(p, n) in parts {
                let s = &r[p as usize];
                for k in 0..n as usize {
                    copy_lanes(&mut d[(at + k) * l..(at + k + 1) * l], &s[k * l..(k + 1) * l], lanes);
                }
                at += n as usize;
            }
        }),
        Inst::Extract { dst, src, at, n, .. } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*src as usize];
            for k in 0..*n as usize {
                let w = *at as usize + k;
                copy_lanes(&mut d[k * l..(k + 1) * l], &s[w * l..(w + 1) * l], lanes);
            }
        }),
        Inst::Insert { dst, obj, src, src_n, at, n } => with_dst!(regs, *dst, |d, r| {
            let (o, s) = (&r[*obj as usize], &r[*src as usize]);
            for k in 0..*n as usize {
                let inside = k >= *at as usize && k < (*at + *src_n) as usize;
                let from = if inside { &s[(k - *at as usize) * l..(k - *at as usize + 1) * l] } else { &o[k * l..(k + 1) * l] };
                copy_lanes(&mut d[k * l..(k + 1) * l], from, lanes);
            }
        }),
        Inst::Shuffle { dst, a, a_n, b, sel } => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            for (k, &s) in sel.iter().enumerate() {
                let row = &mut d[k * l..(k + 1) * l];
                if s == u32::MAX {
                    fill_lanes(row, 0, lanes);
                } else {
                    let (from, s) = if s < *a_n { (a, s) } else { (b, s - a_n) };
                    copy_lanes(row, &from[s as usize * l..(s as usize + 1) * l], lanes);
                }
            }
        }),
        Inst::ExtractDyn { dst, v, idx, count } => with_dst!(regs, *dst, |d, r| {
            let (v, x) = (&r[*v as usize], &r[*idx as usize]);
            for &i in lanes {
                let i = i as usize;
                d[i] = if x[i] < *count { v[x[i] as usize * l + i] } else { 0 };
            }
        }),
        Inst::InsertDyn { dst, v, comp, idx, count } => with_dst!(regs, *dst, |d, r| {
            let (v, c, x) = (&r[*v as usize], &r[*comp as usize], &r[*idx as usize]);
            for k in 0..*count as usize {
                for &i in lanes {
                    let i = i as usize;
                    d[k * l + i] = if x[i] as usize == k { c[i] } else { v[k * l + i] };
                }
            }
        }),
        Inst::Dot { dst, a, b, n } => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            if lanes.len() == l {
                // Row by row, each lane summing in the same order as below (vectorized).
                let d = &mut d[..l];
                d.fill(0.0f32.to_bits());
                for k in 0..*n as usize {
                    for ((d, &a), &b) in d.iter_mut().zip(&a[k * l..(k + 1) * l]).zip(&b[k * l..(k + 1) * l]) {
                        *d = (f(*d) + f(a) * f(b)).to_bits();
                    }
                }
            } else {
                for &i in lanes {
                    let i = i as usize;
                    let mut s = 0.0f32;
                    for k in 0..*n as usize {
                        s += f(a[k * l + i]) * f(b[k * l + i]);
                    }
                    d[i] = s.to_bits();
                }
            }
        }),
        Inst::Reduce { dst, a, n, all } => with_dst!(regs, *dst, |d, r| {
            let a = &r[*a as usize];
            for &i in lanes {
                let i = i as usize;
                let mut acc = *all;
                for k in 0..*n as usize {
                    if *all {
                        acc &= a[k * l + i] != 0;
                    } else {
                        acc |= a[k * l + i] != 0;
                    }
                }
                d[i] = b(acc);
            }
        }),
        Inst::MatMul { dst, a, b, rows, inner, cols } => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            let (rows, inner, cols) = (*rows as usize, *inner as usize, *cols as usize);
            for c in 0..cols {
                for row in 0..rows {
                    for &i in lanes {
                        let i = i as usize;
                        let mut s = 0.0f32;
                        for k in 0..inner {
                            s += f(a[(k * rows + row) * l + i]) * f(b[(c * inner + k) * l + i]);
                        }
                        d[(c * rows + row) * l + i] = s.to_bits();
                    }
                }
            }
        }),
        Inst::Outer { dst, a, b, rows, cols } => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            for c in 0..*cols as usize {
                for row in 0..*rows as usize {
                    for &i in lanes {
                        let i = i as usize;
                        d[(c * *rows as usize + row) * l + i] = (f(a[row * l + i]) * f(b[c * l + i])).to_bits();
                    }
                }
            }
        }),
        Inst::Transpose { dst, src, rows, cols } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*src as usize];
            let (rows, cols) = (*rows as usize, *cols as usize);
            for c in 0..cols {
                for row in 0..rows {
                    for &i in lanes {
                        let i = i as usize;
                        d[(row * cols + c) * l + i] = s[(c * rows + row) * l + i];
                    }
                }
            }
        }),
        Inst::Wide { op, dst, a, b, n } => with_dst!(regs, *dst, |d, r| {
            let (a, b) = (&r[*a as usize], &r[*b as usize]);
            let n = *n as usize;
            for k in 0..n {
                for &i in lanes {
                    let i = i as usize;
                    let (x, y) = (a[k * l + i], b[k * l + i]);
                    let (lo, hi) = match op {
                        Op::IAddCarry => {
                            let (s, c) = x.overflowing_add(y);
                            (s, c as u32)
                        }
                        Op::ISubBorrow => {
                            let (s, c) = x.overflowing_sub(y);
                            (s, c as u32)
                        }
                        Op::UMulExtended => {
                            let p = u64::from(x) * u64::from(y);
                            (p as u32, (p >> 32) as u32)
                        }
                        _ => {
                            let p = i64::from(x as i32) * i64::from(y as i32);
                            (p as u32, (p >> 32) as u32)
                        }
                    };
                    d[k * l + i] = lo;
                    d[(n + k) * l + i] = hi;
                }
            }
        }),
        Inst::Ext { op, dst, args, n } => with_dst!(regs, *dst, |d, r| {
            let mut vals: Vec<Vec<u32>> = args.iter().map(|&(_, w)| vec![0; w as usize]).collect();
            let mut out = vec![0u32; *n as usize];
            for &i in lanes {
                let i = i as usize;
                for (v, &(a, w)) in vals.iter_mut().zip(args) {
                    for k in 0..w as usize {
                        v[k] = r[a as usize][k * l + i];
                    }
                }
                crate::ext::eval(*op, &vals, &mut out);
                for (k, &o) in out.iter().enumerate() {
                    d[k * l + i] = o;
                }
            }
        }),
        Inst::Typed(t) => with_dst!(regs, t.dst, |d, r| {
            crate::widths::run(t, &mut d, r, l, lanes);
        }),
        Inst::Deriv { dst, a, n, axis, coarse } => with_dst!(regs, *dst, |d, r| {
            let s = &r[*a as usize];
            for k in 0..*n as usize {
                let s = &s[k * l..(k + 1) * l];
                let at = |i: usize| s.get(i).map_or(0.0, |&w| f(w));
                for &i in lanes {
                    let i = i as usize;
                    let q = i & !3;
                    // Fine: the lane's own row (x) or column (y); coarse: the quad's first.
                    let (row, col) = if *coarse { (q, q) } else { (q + (i & 2), q + (i & 1)) };
                    let dx = at(row + 1) - at(row);
                    let dy = at(col + 2) - at(col);
                    let v = match axis {
                        Axis::X => dx,
                        Axis::Y => dy,
                        Axis::Width => dx.abs() + dy.abs(),
                    };
                    d[k * l + i] = v.to_bits();
                }
            }
        }),
        _ => return false,
    }
    true
}

/// What an element of a runtime-sized array of blocks no buffer is bound at holds: nothing.
pub(crate) static EMPTY_BUFFER: Buffer = Buffer { words: Vec::new(), len: 0, address: 0 };

/// The buffers (`slots`, the push constants last) and image/sampler handles of every binding
/// of `prog`, checked against what the shader declares.
#[allow(clippy::type_complexity)]
pub(crate) fn bind<'a>(
    prog: &Prog,
    bindings: &[Binding<'a>],
    push: &'a Buffer,
) -> Result<(Vec<(&'a Buffer, u32, u32)>, Vec<Handle<'a>>), Error> {
    let mut slots: Vec<(&Buffer, u32, u32)> = Vec::with_capacity(prog.bindings.len() + 1);
    let mut handles: Vec<Handle<'_>> = Vec::with_capacity(prog.bindings.len());
    for (i, info) in prog.bindings.iter().enumerate() {
        let what = match info.kind {
            BindingKind::Uniform => "uniform buffer",
            BindingKind::Storage { .. } => "storage buffer",
            BindingKind::Image { storage: false } => "sampled image",
            BindingKind::Image { storage: true } => "storage image",
            BindingKind::Sampler => "sampler",
        };
        // A combined image sampler's image and sampler share their (set, binding).
        let here = || bindings.iter().filter(|b| b.set == info.set && b.binding == info.binding && b.element == info.element);
        let found = here()
            .find(|b| matches!((b.resource, info.kind), (Resource::Image(_), BindingKind::Image { .. }) | (Resource::Sampler(_), BindingKind::Sampler)))
            .or_else(|| here().next());
        // Where, naming the descriptor of a descriptor array.
        let at = match prog.bindings.iter().any(|b| (b.set, b.binding) == (info.set, info.binding) && b.element > 0) {
            true => format!("set {} binding {} element {}", info.set, info.binding, info.element),
            false => format!("set {} binding {}", info.set, info.binding),
        };
        let wrong = |found: &str| Err(Error::Binding(format!("{at} is a {what} in the shader; {found} is bound there")));
        let mut handle = Handle::None;
        match (found.map(|b| b.resource), info.kind) {
            (Some(Resource::Buffer(buffer)), BindingKind::Uniform | BindingKind::Storage { .. }) => {
                if prog.used[i] && (buffer.len() as u64) < u64::from(info.min_size) {
                    return Err(Error::Binding(format!(
                        "buffer at {at} holds {} bytes; the shader's block needs at least {}",
                        buffer.len(),
                        info.min_size
                    )));
                }
                slots.push((buffer, info.set, info.binding));
                handles.push(handle);
                continue;
            }
            (Some(Resource::Image(image)), BindingKind::Image { .. }) => handle = Handle::Image(image, info.set, info.binding),
            (Some(Resource::Sampler(sampler)), BindingKind::Sampler) => handle = Handle::Sampler(sampler),
            (None, _) if prog.used[i] => return Err(Error::Binding(format!("no {what} bound at {at}"))),
            (None, _) => {}
            (Some(_), _) if !prog.used[i] => {}
            (Some(Resource::Buffer(_)), _) => return wrong("a buffer"),
            (Some(Resource::Image(_)), _) => return wrong("an image"),
            (Some(Resource::Sampler(_)), _) => return wrong("a sampler"),
        }
        slots.push((push, info.set, info.binding));
        handles.push(handle);
    }
    slots.push((push, u32::MAX, u32::MAX));
    if !prog.unbounded_buffers.is_empty() || !prog.unbounded.is_empty() {
        // The push constants' placeholder handle: handles and slots stay index for index.
        handles.push(Handle::None);
    }
    // Each runtime-sized descriptor array of blocks: `UNBOUNDED_BUFFERS` slots, each the buffer
    // bound at that element or an empty one.
    for &(set, binding) in &prog.unbounded_buffers {
        if let Some(b) = bindings.iter().find(|b| (b.set, b.binding) == (set, binding) && b.element as usize >= UNBOUNDED_BUFFERS) {
            return Err(Error::Binding(format!("set {set} binding {binding} element {}: the CPU device binds {UNBOUNDED_BUFFERS} of a runtime-sized array", b.element)));
        }
        for element in 0..UNBOUNDED_BUFFERS as u32 {
            let buffer = match bindings.iter().find(|b| (b.set, b.binding, b.element) == (set, binding, element)).map(|b| b.resource) {
                Some(Resource::Buffer(buffer)) => buffer,
                Some(_) => {
                    return Err(Error::Binding(format!("set {set} binding {binding} element {element} is a buffer in the shader; another resource is bound there")))
                }
                None => &EMPTY_BUFFER,
            };
            slots.push((buffer, set, binding));
            handles.push(Handle::None);
        }
    }
    // Each runtime-sized descriptor array of handles: `UNBOUNDED_HANDLES` elements (element k's
    // kinds at its first index + k * kinds.len()), each what is bound there or none.
    for (set, binding, kinds) in &prog.unbounded {
        let here: Vec<&Binding<'a>> = bindings.iter().filter(|b| (b.set, b.binding) == (*set, *binding)).collect();
        if let Some(b) = here.iter().find(|b| b.element as usize >= UNBOUNDED_HANDLES) {
            return Err(Error::Binding(format!("set {set} binding {binding} element {}: the CPU device binds {UNBOUNDED_HANDLES} of a runtime-sized array", b.element)));
        }
        for element in 0..UNBOUNDED_HANDLES as u32 {
            for kind in kinds {
                let found = here.iter().find(|b| b.element == element && matches!((b.resource, kind), (Resource::Image(_), BindingKind::Image { .. }) | (Resource::Sampler(_), BindingKind::Sampler)));
                handles.push(match found.map(|b| b.resource) {
                    Some(Resource::Image(image)) => Handle::Image(image, *set, *binding),
                    Some(Resource::Sampler(sampler)) => Handle::Sampler(sampler),
                    _ => Handle::None,
                });
                slots.push((push, *set, *binding));
            }
        }
    }
    // The buffers reached only through their device addresses (`address.rs`): slots after all.
    for b in bindings.iter().filter(|b| (b.set, b.binding) == (crate::BY_ADDRESS, crate::BY_ADDRESS)) {
        let Resource::Buffer(buffer) = b.resource else {
            return Err(Error::Binding("Binding::by_address takes a buffer".into()));
        };
        slots.push((buffer, crate::BY_ADDRESS, crate::BY_ADDRESS));
        handles.push(Handle::None);
    }

    Ok((slots, handles))
}

/// Runs a dispatch: checks the bindings, then spreads the workgroups over worker threads.
pub(crate) fn dispatch(
    prog: &Prog,
    bindings: &[Binding<'_>],
    push_constants: &[u8],
    workgroups: [u32; 3],
    options: &Options,
) -> Result<Report, Error> {
    let push = Buffer::from_bytes(push_constants);
    let (slots, handles) = bind(prog, bindings, &push)?;
    let total = u64::from(workgroups[0]) * u64::from(workgroups[1]) * u64::from(workgroups[2]);
    if total == 0 {
        return Ok(Report::default());
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = options.threads.unwrap_or(cores).max(1).min(total as usize);
    let next = AtomicUsize::new(0);
    let report = Gather::default();
    let between = Between::default();
    let work = || {
        let mut t = Thread::new(prog, &slots, &handles, workgroups, options.sanitize);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed) as u64;
            if index >= total {
                break;
            }
            t.run_workgroup(index);
        }
        between.add(&mut t);
        report.add(&mut t);
    };
    on_threads(threads, work);
    Ok(report.finish())
}

/// The subgroup built-in `builtin` of `lane` of a batch of `lanes` (`None` for another
/// built-in): subgroups of [`SUBGROUP_SIZE`] consecutive lanes, the grouping the subgroup
/// operations use ([`Thread::subgroup`]), in every stage; in a fragment batch lanes `4q ..
/// 4q + 3` are quad `q`, so a subgroup is whole quads. `SubgroupId` and `NumSubgroups` exist
/// in compute (task, mesh) stages only.
fn subgroup_builtin(builtin: Builtin, lane: usize, lanes: usize) -> Option<u32> {
    let me = (lane % SUBGROUP_SIZE) as u32;
    Some(match builtin {
        Builtin::SubgroupLocalInvocationId => me,
        Builtin::SubgroupSize => SUBGROUP_SIZE as u32,
        Builtin::SubgroupMask(of) => of.bits(me),
        Builtin::SubgroupId => (lane / SUBGROUP_SIZE) as u32,
        Builtin::NumSubgroups => lanes.div_ceil(SUBGROUP_SIZE) as u32,
        _ => return None,
    })
}

/// The value of compute built-in `builtin` in local invocation `lane` of `workgroup` (of
/// `workgroups`, of `size` lanes); `None` for the graphics stages' inputs.
fn compute_builtin(builtin: Builtin, workgroup: [u32; 3], workgroups: [u32; 3], size: [u32; 3], lane: usize) -> Option<[u32; 3]> {
    let [sx, sy, sz] = size;
    let lane32 = lane as u32;
    let local_id = [lane32 % sx, (lane32 / sx) % sy, lane32 / (sx * sy)];
    Some(match builtin {
        Builtin::GlobalInvocationId => std::array::from_fn(|k| workgroup[k] * size[k] + local_id[k]),
        Builtin::LocalInvocationId => local_id,
        Builtin::LocalInvocationIndex => [lane32, 0, 0],
        Builtin::WorkgroupId => workgroup,
        Builtin::NumWorkgroups => workgroups,
        Builtin::SubgroupLocalInvocationId
        | Builtin::SubgroupSize
        | Builtin::SubgroupMask(_)
        | Builtin::SubgroupId
        | Builtin::NumSubgroups => [subgroup_builtin(builtin, lane, (sx * sy * sz) as usize).unwrap_or(0), 0, 0],
        // Graphics inputs: written by the rasterizer (`run_batch`).
        Builtin::VertexIndex
        | Builtin::InstanceIndex
        | Builtin::FragCoord
        | Builtin::FrontFacing
        | Builtin::SampleId
        | Builtin::SamplePosition
        | Builtin::SampleMask
        | Builtin::PointCoord
        | Builtin::PrimitiveId
        | Builtin::Layer
        | Builtin::HelperInvocation
        | Builtin::BaryCoord { .. }
        | Builtin::FragSize
        | Builtin::FragInvocationCount => return None,
    })
}

/// The private memory of `lane` in a thread's `local` words, with its variables' initializers
/// written.
fn init_lane<'m>(prog: &Prog, local: &'m mut [u32], lane: usize) -> &'m mut [u32] {
    let (lane_base, lw) = (prog.wg_words as usize, prog.lane_words as usize);
    let mem = &mut local[lane_base + lane * lw..lane_base + (lane + 1) * lw];
    for (at, words) in &prog.lane_inits {
        mem[*at as usize..*at as usize + words.len()].copy_from_slice(words);
    }
    mem
}

/// The findings of several threads gathered into one report (at most [`MAX_FINDINGS`] kept, the
/// rest counted), sorted by invocation when finished.
#[derive(Default)]
pub(crate) struct Gather(Mutex<Report>);

impl Gather {
    /// Moves `t`'s findings into the report.
    pub(crate) fn add(&self, t: &mut Thread<'_>) {
        let (findings, dropped) = t.take_findings();
        let mut r = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let room = MAX_FINDINGS.saturating_sub(r.findings.len());
        r.dropped += dropped + findings.len().saturating_sub(room);
        r.findings.extend(findings.into_iter().take(room));
    }

    pub(crate) fn finish(self) -> Report {
        let mut report = self.0.into_inner().unwrap_or_else(|e| e.into_inner());
        report.findings.sort_by_key(|f| f.invocation);
        report
    }
}

/// Runs `work` once on each of `threads` scoped threads (on this one when there is one).
pub(crate) fn on_threads(threads: usize, work: impl Fn() + Sync) {
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(&work);
            }
        });
    }
}

pub(crate) struct Thread<'a> {
    prog: &'a Prog,
    /// Lanes per workgroup.
    l: usize,
    regs: Vec<Vec<u32>>,
    /// Workgroup memory, then each lane's private memory.
    local: Vec<u32>,
    slots: &'a [(&'a Buffer, u32, u32)],
    /// The image or sampler of every binding (`Handle::None` for buffers).
    handles: &'a [Handle<'a>],
    workgroups: [u32; 3],
    workgroup: [u32; 3],
    sanitize: bool,
    /// The source position of the instruction being executed (`Block::lines`), for findings.
    line: u32,
    findings: Vec<Finding>,
    dropped: usize,
    /// Lanes that executed `OpKill`/`OpTerminateInvocation` (fragment discard).
    pub(crate) killed: Vec<bool>,
    /// Discarded lanes that stopped (the others go on as helpers: `Term::Kill`).
    ended: Vec<bool>,
    any_ended: bool,
    /// Helper lanes (uncovered quad members, demoted invocations): they run, but their
    /// storage buffer, atomic and storage image writes have no effect (Vulkan "Helper
    /// Invocations"); their private memory still works. Always false in compute.
    pub(crate) helper: Vec<bool>,
    /// What findings name each lane by in a vertex or fragment batch (set by the caller of
    /// `run_batch`); empty for compute, whose lanes are named by their global invocation id.
    pub(crate) ids: Vec<[u32; 3]>,
    /// A fragment batch's primitive and pixels, for `InterpolateAt*` (set by the rasterizer).
    pub(crate) interpolation: Option<crate::raster::Interpolation>,
    /// The sanitizer's race window (since the last control barrier), per word of workgroup
    /// memory; empty without the sanitizer.
    races: Vec<Accesses<u32>>,
    /// The same for the words of storage buffers this workgroup touched, by (buffer slot,
    /// word), since the last control barrier that orders buffer memory.
    buffer_races: HashMap<Place, Accesses<u32>>,
    /// The same for the texels of storage images, by (image slot, texel offset), since the
    /// last control barrier that orders image memory.
    image_races: HashMap<Place, Accesses<u32>>,
    /// An `OpMemoryBarrier` on buffer (image) memory ran since the last control barrier.
    buffer_fence: bool,
    image_fence: bool,
    /// The storage buffer words and image texels this thread's workgroups touched, by
    /// workgroup, for the race check between workgroups ([`Between`]).
    between: Record,
    /// The linear index of the workgroup running (x fastest).
    workgroup_index: u64,
    /// The sanitizer's record of which words of workgroup memory the workgroup wrote (or
    /// initialized); empty without the sanitizer.
    written: Vec<bool>,
    /// Whether this workgroup's barriers were already found in non-uniform control flow (one
    /// finding per workgroup).
    divergent_barrier: bool,
    /// Scratch: the byte offsets of an access chain's lanes ([`Thread::chain_at`]).
    offsets: Vec<u64>,
    /// Scratch vectors of `run_func` (its `pc`, `prev`, lane list and phi values), reused by
    /// every call instead of allocated.
    pool: Vec<Vec<u32>>,
    /// Every lane of a workgroup, `0..l`.
    all_lanes: Vec<u32>,
    /// Each lane's `LocalInvocationId`, component by component (rows of `l`).
    local_ids: Vec<u32>,
}

/// Who accessed a word (or texel) since the last barrier: `T` names an accessor (a lane within
/// a workgroup, a [`Who`] between workgroups); two slots for readers and atomic users (the
/// first, and one other), one for the last plain writer; `reported` stops a second finding for
/// the word in the same window.
#[derive(Clone, Copy)]
struct Accesses<T> {
    writer: Option<T>,
    readers: [Option<T>; 2],
    atomics: [Option<T>; 2],
    reported: bool,
}

impl<T> Default for Accesses<T> {
    fn default() -> Accesses<T> {
        Accesses { writer: None, readers: [None, None], atomics: [None, None], reported: false }
    }
}

/// How a lane touches a word (the race rules of [`Thread::track`]).
#[derive(Clone, Copy, PartialEq)]
enum Access {
    Read,
    Write,
    Atomic,
}

/// Who made an access, for the race checks: two accesses by accessors `ordered` with each
/// other do not race.
trait Accessor: Copy + PartialEq {
    fn ordered(self, other: Self) -> bool {
        self == other
    }
}

/// A lane (its local index) within a workgroup; with [`SUBGROUP_ORDERED`] set, a lane whose
/// access came before a subgroup barrier its subgroup executed, ordered with every later
/// access of that subgroup.
impl Accessor for u32 {
    fn ordered(self, other: u32) -> bool {
        let (a, b) = (self & !SUBGROUP_ORDERED, other & !SUBGROUP_ORDERED);
        a == b || ((self | other) & SUBGROUP_ORDERED != 0 && a as usize / SUBGROUP_SIZE == b as usize / SUBGROUP_SIZE)
    }
}

/// The mark of a lane's access made before a subgroup barrier (see [`Accessor`] for `u32`).
const SUBGROUP_ORDERED: u32 = 1 << 31;

impl Accessor for Who {}

impl<T: Accessor> Accesses<T> {
    /// Records `me`'s `access` and returns another accessor it races with (Vulkan memory
    /// model: two accesses to one location by different invocations, at least one a write and
    /// not both atomic, with no barrier ordering them), once per word and window.
    fn race(&mut self, me: T, access: Access) -> Option<T> {
        let writer = self.writer.filter(|&w| !w.ordered(me));
        let other = match access {
            Access::Read => writer.or(Accesses::other(self.atomics, me)),
            Access::Write => writer.or(Accesses::other(self.readers, me)).or(Accesses::other(self.atomics, me)),
            Access::Atomic => writer.or(Accesses::other(self.readers, me)),
        };
        match access {
            Access::Read => Accesses::note(&mut self.readers, me),
            Access::Write => self.writer = Some(me),
            Access::Atomic => Accesses::note(&mut self.atomics, me),
        }
        let other = other.filter(|_| !self.reported)?;
        self.reported = true;
        Some(other)
    }

    /// An accessor not ordered with `me` among `slots`.
    fn other(slots: [Option<T>; 2], me: T) -> Option<T> {
        slots.into_iter().flatten().find(|&s| !s.ordered(me))
    }

    fn note(slots: &mut [Option<T>; 2], me: T) {
        match slots {
            [None, _] => slots[0] = Some(me),
            [Some(first), None] if *first != me => slots[1] = Some(me),
            _ => {}
        }
    }

    /// Whether no access was recorded.
    fn is_empty(&self) -> bool {
        self.writer.is_none() && self.readers[0].is_none() && self.atomics[0].is_none() && !self.reported
    }

    /// Adds the accesses `more` recorded (another thread's workgroups) and returns the first
    /// race found: the access of `more` (its accessor and kind) and the other accessor.
    fn merge(&mut self, more: &Accesses<T>) -> Option<(T, Access, T)> {
        // A race among `more`'s own accessors was found (and reported) when they were recorded.
        self.reported |= more.reported;
        let mut found = None;
        let seen = [(more.writer, Access::Write)]
            .into_iter()
            .chain(more.readers.map(|r| (r, Access::Read)))
            .chain(more.atomics.map(|a| (a, Access::Atomic)));
        for (who, access) in seen {
            let Some(who) = who else { continue };
            if let Some(other) = self.race(who, access) {
                found = found.or(Some((who, access, other)));
            }
        }
        found
    }
}

/// An accessor of a storage buffer word or image texel for the race check between
/// workgroups: its workgroup (which alone decides sameness: lanes of one workgroup are checked
/// by the window between barriers), its local index, and the source position of the access
/// (`Thread::line`), which names the finding of a race found when the threads join. 12 bytes,
/// and as many as an `Option` (the lane is stored plus one): an [`Accesses`] of five is 64.
#[derive(Clone, Copy, Debug)]
struct Who {
    /// The workgroup's linear index in the dispatch (x fastest), modulo 2^32: a dispatch of
    /// more workgroups (days of work on a CPU) could miss a race between two 2^32 apart.
    workgroup: u32,
    /// The local index plus one.
    lane: NonZeroU32,
    line: u32,
}

impl PartialEq for Who {
    fn eq(&self, other: &Who) -> bool {
        self.workgroup == other.workgroup
    }
}

/// A storage buffer word (`slot`, word) or storage image texel (`slot`, byte offset of the
/// texel in the image) the race checks follow.
type Place = (usize, usize);

/// Places per page of a [`Record`].
const PAGE: usize = 1024;

/// The accesses of workgroups to the storage buffer words and storage image texels of a
/// dispatch, for the race check between workgroups: per binding slot, pages of [`PAGE`]
/// consecutive places (buffer words, or byte offsets of texels), each allocated when one of
/// its places is first touched. 64 bytes per place of a touched page (a hash map entry per
/// place took 145, and its table doubled while growing).
#[derive(Default)]
pub(crate) struct Record(Vec<Vec<Option<Box<[Accesses<Who>]>>>>);

const _: () = assert!(std::mem::size_of::<Accesses<Who>>() == 64);

impl Record {
    fn entry(&mut self, (slot, at): Place) -> &mut Accesses<Who> {
        let page = Record::page(&mut self.0, slot, at / PAGE);
        &mut page.get_or_insert_with(|| vec![Accesses::default(); PAGE].into_boxed_slice())[at % PAGE]
    }

    /// Page `page` of `slot`, the vectors grown to hold it.
    fn page(slots: &mut Vec<Vec<Option<Box<[Accesses<Who>]>>>>, slot: usize, page: usize) -> &mut Option<Box<[Accesses<Who>]>> {
        if slots.len() <= slot {
            slots.resize_with(slot + 1, Vec::new);
        }
        let pages = &mut slots[slot];
        if pages.len() <= page {
            pages.resize_with(page + 1, || None);
        }
        &mut pages[page]
    }
}

/// The accesses of every workgroup of a dispatch to storage buffers and images, gathered from
/// the worker threads when they finish (the sanitizer's check between workgroups: within one
/// dispatch nothing but atomics orders them).
#[derive(Default)]
pub(crate) struct Between(Mutex<Record>);

impl Between {
    /// Adds `t`'s accesses page by page (each freed once merged); a race with another thread's
    /// workgroups becomes a finding of `t`. A page no other thread touched moves as it is.
    pub(crate) fn add(&self, t: &mut Thread<'_>) {
        let mine = std::mem::take(&mut t.between);
        if mine.0.is_empty() {
            return;
        }
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for (slot, pages) in mine.0.into_iter().enumerate() {
            for (p, page) in pages.into_iter().enumerate() {
                let Some(page) = page else { continue };
                match Record::page(&mut all.0, slot, p) {
                    none @ None => *none = Some(page),
                    Some(have) => {
                        for (k, accesses) in page.iter().enumerate().filter(|(_, a)| !a.is_empty()) {
                            if let Some((who, access, other)) = have[k].merge(accesses) {
                                t.race_between((slot, p * PAGE + k), who, access, other);
                            }
                        }
                    }
                }
            }
        }
    }
}

impl<'a> Thread<'a> {
    pub(crate) fn new(
        prog: &'a Prog,
        slots: &'a [(&'a Buffer, u32, u32)],
        handles: &'a [Handle<'a>],
        workgroups: [u32; 3],
        sanitize: bool,
    ) -> Thread<'a> {
        let [x, y, z] = prog.workgroup_size;
        let l = (x * y * z) as usize;
        let mut regs: Vec<Vec<u32>> = prog.reg_words.iter().map(|&w| vec![0; w as usize * l]).collect();
        for (id, words) in &prog.consts {
            let r = &mut regs[*id as usize];
            if r.len() < words.len() * l {
                r.resize(words.len() * l, 0);
            }
            for (k, &w) in words.iter().enumerate() {
                r[k * l..(k + 1) * l].fill(w);
            }
        }
        let local = vec![0; prog.wg_words as usize + l * prog.lane_words as usize];
        // The built-ins in registers that do not change with the workgroup (`run_workgroup`
        // fills the others).
        for &(builtin, reg) in &prog.builtin_regs {
            if matches!(builtin, Builtin::GlobalInvocationId | Builtin::WorkgroupId) {
                continue;
            }
            let r = &mut regs[reg as usize];
            for lane in 0..l {
                if let Some(value) = compute_builtin(builtin, [0; 3], workgroups, prog.workgroup_size, lane) {
                    for (k, &v) in value.iter().enumerate().take(r.len() / l) {
                        r[k * l + lane] = v;
                    }
                }
            }
        }
        let mut local_ids = vec![0; 3 * l];
        if prog.builtin_regs.iter().any(|&(b, _)| b == Builtin::GlobalInvocationId) {
            for lane in 0..l as u32 {
                let i = lane as usize;
                (local_ids[i], local_ids[l + i], local_ids[2 * l + i]) = (lane % x, (lane / x) % y, lane / (x * y));
            }
        }
        Thread {
            prog,
            l,
            regs,
            local,
            slots,
            handles,
            workgroups,
            workgroup: [0; 3],
            sanitize,
            line: 0,
            findings: Vec::new(),
            dropped: 0,
            killed: vec![false; l],
            ended: vec![false; l],
            any_ended: false,
            helper: vec![false; l],
            ids: Vec::new(),
            interpolation: None,
            races: if sanitize { vec![Accesses::default(); prog.wg_words as usize] } else { Vec::new() },
            buffer_races: HashMap::new(),
            image_races: HashMap::new(),
            buffer_fence: false,
            image_fence: false,
            between: Record::default(),
            workgroup_index: 0,
            written: if sanitize { vec![false; prog.wg_words as usize] } else { Vec::new() },
            divergent_barrier: false,
            offsets: Vec::new(),
            pool: Vec::new(),
            all_lanes: (0..l as u32).collect(),
            local_ids,
        }
    }

    /// The sanitizer's data-race check of `lane`'s access to word `w` of workgroup memory
    /// (Vulkan memory model: two accesses to one location by different invocations, at least
    /// one a write and not both atomic, with no barrier ordering them): a plain read races with
    /// another lane's write or atomic, a plain write with any other lane's access, an atomic
    /// with another lane's plain read or write.
    fn track(&mut self, w: usize, lane: usize, access: Access) {
        let Some(entry) = self.races.get_mut(w) else { return };
        if access == Access::Write {
            self.written[w] = true;
        }
        if let Some(other) = entry.race(lane as u32, access).map(|o| o & !SUBGROUP_ORDERED) {
            let kind = FindingKind::WorkgroupRace { byte_offset: w as u32 * 4, write: access != Access::Read, other };
            self.report(lane, kind);
        }
    }

    /// Whether the sanitizer follows the accesses to the buffer or image in `slot` for races:
    /// a writable storage buffer or a storage image (others are only read), in compute (a
    /// vertex or fragment batch's lanes have no barrier to order them).
    fn racy_slot(&self, slot: usize) -> bool {
        self.sanitize
            && self.ids.is_empty()
            && matches!(
                self.prog.bindings.get(slot).map(|b| b.kind),
                Some(BindingKind::Storage { read_only: false } | BindingKind::Image { storage: true })
            )
    }

    /// The same check for word `w` of the storage buffer in `slot` (the rules of
    /// [`Thread::track`], within the workgroup; the window ends at a control barrier whose
    /// semantics, or a memory barrier's before it, include buffer memory), and between
    /// workgroups.
    fn track_buffer(&mut self, slot: usize, w: usize, lane: usize, access: Access) {
        if !self.racy_slot(slot) {
            return;
        }
        if let Some(other) = self.buffer_races.entry((slot, w)).or_default().race(lane as u32, access).map(|o| o & !SUBGROUP_ORDERED) {
            let (_, set, binding) = self.slots[slot];
            let kind = FindingKind::BufferRace { set, binding, byte_offset: w as u64 * 4, write: access != Access::Read, other };
            self.report(lane, kind);
        }
        self.track_between((slot, w), lane, access);
    }

    /// The same check for texel `at` of `level` of the storage image in `slot` (the window ends
    /// at a control barrier whose semantics, or a memory barrier's before it, include image
    /// memory), and between workgroups.
    fn track_texel(&mut self, slot: usize, image: &Image, level: u32, at: [i64; 3], lane: usize, access: Access) {
        if !self.racy_slot(slot) {
            return;
        }
        let Some(offset) = image.texel_at(level, at) else { return };
        if let Some(other) = self.image_races.entry((slot, offset)).or_default().race(lane as u32, access).map(|o| o & !SUBGROUP_ORDERED) {
            let (_, set, binding) = self.slots[slot];
            let coord = at.map(|v| v as i32);
            let kind = FindingKind::ImageRace { set, binding, coord, level, write: access != Access::Read, other };
            self.report(lane, kind);
        }
        self.track_between((slot, offset), lane, access);
    }

    /// The race check between workgroups: `lane`'s access against those of every other
    /// workgroup this thread ran (the others' come in when the threads finish, [`Between`]).
    fn track_between(&mut self, place: Place, lane: usize, access: Access) {
        let me = Who { workgroup: self.workgroup_index as u32, lane: NonZeroU32::MIN.saturating_add(lane as u32), line: self.line };
        if let Some(other) = self.between.entry(place).race(me, access) {
            self.race_between(place, me, access, other);
        }
    }

    /// Reports a race between workgroups at `place`: `who`'s `access` against `other`'s.
    fn race_between(&mut self, (slot, at): Place, who: Who, access: Access, other: Who) {
        let write = access != Access::Read;
        let global = |who: Who| {
            let [wx, wy, _] = self.workgroups;
            let index = who.workgroup;
            let workgroup = [index % wx.max(1), (index / wx.max(1)) % wy.max(1), index / (wx.max(1) * wy.max(1)).max(1)];
            self.global_id(workgroup, who.lane.get() - 1)
        };
        let other = global(other);
        let me = global(who);
        let (_, set, binding) = self.slots[slot];
        let kind = match self.handles.get(slot) {
            Some(&Handle::Image(image, ..)) => {
                let (level, coord) = image.texel_at_offset(at);
                FindingKind::ImageRaceBetweenWorkgroups { set, binding, coord, level, write, other }
            }
            _ => FindingKind::BufferRaceBetweenWorkgroups { set, binding, byte_offset: at as u64 * 4, write, other },
        };
        // At the join no instruction runs: the finding is at the access's source position.
        self.line = who.line;
        self.push_finding(me, kind);
    }

    /// A control barrier (or a new workgroup): the race window on workgroup memory starts
    /// again, on buffer memory when `buffers`, on image memory when `images`.
    fn reset_races(&mut self, buffers: bool, images: bool) {
        self.races.fill(Accesses::default());
        if buffers || self.buffer_fence {
            self.buffer_races.clear();
        }
        if images || self.image_fence {
            self.image_races.clear();
        }
        self.buffer_fence = false;
        self.image_fence = false;
    }

    /// The sanitizer's check that `lane` reads word `w` of workgroup memory after some
    /// invocation of the workgroup wrote it; one finding per word (the word then counts as
    /// written).
    fn check_written(&mut self, w: usize, lane: usize) {
        if self.written.get(w) == Some(&false) {
            self.written[w] = true;
            self.report(lane, FindingKind::UnwrittenWorkgroupRead { byte_offset: w as u32 * 4 });
        }
    }

    /// A control barrier executed by `lanes`: in a compute workgroup every invocation must
    /// reach it together (SPIR-V `OpControlBarrier`: dynamically uniform control flow).
    fn barrier(&mut self, lanes: &[u32], buffers: bool, images: bool) {
        self.reset_races(buffers, images);
        if self.sanitize && self.ids.is_empty() && lanes.len() < self.l && !self.divergent_barrier {
            self.divergent_barrier = true;
            let missing = (0..self.l).find(|i| !lanes.contains(&(*i as u32))).unwrap_or(0);
            self.report(missing, FindingKind::DivergentBarrier { reached: lanes.len() as u32, of: self.l as u32 });
        }
    }

    /// A subgroup-scope control barrier (GLSL `subgroupBarrier()`) executed by `lanes`: it
    /// orders the accesses within each of their subgroups only, so the race windows mark what
    /// these lanes did as ordered with their subgroup's later accesses ([`SUBGROUP_ORDERED`]);
    /// other subgroups' accesses still race with them. Partial subgroups reaching it are not
    /// reported.
    fn subgroup_barrier(&mut self, lanes: &[u32], buffers: bool, images: bool) {
        if !self.sanitize {
            return;
        }
        let mut mask = vec![false; self.l];
        for &lane in lanes {
            mask[lane as usize] = true;
        }
        let mark = |entry: &mut Accesses<u32>| {
            for slot in [&mut entry.writer].into_iter().chain(&mut entry.readers).chain(&mut entry.atomics) {
                if let Some(lane) = slot.filter(|&lane| mask[(lane & !SUBGROUP_ORDERED) as usize]) {
                    *slot = Some(lane | SUBGROUP_ORDERED);
                }
            }
        };
        self.races.iter_mut().for_each(mark);
        let fence = (buffers || self.buffer_fence, images || self.image_fence);
        for (on, map) in [(fence.0, &mut self.buffer_races), (fence.1, &mut self.image_races)] {
            if on {
                map.values_mut().for_each(mark);
            }
        }
        self.buffer_fence = false;
        self.image_fence = false;
    }

    /// Runs the entry point once over lanes `0..active` (a vertex or fragment batch; the
    /// other lanes do not run): private memory starts from the variables' initializers, then
    /// `fill` writes each lane's inputs into its memory; lanes `helper` names run as helper
    /// invocations. The outputs are then in [`Thread::lane_memory`], and [`Thread::helper`]
    /// also names the lanes that demoted themselves.
    pub(crate) fn run_batch(&mut self, active: usize, helper: impl Fn(usize) -> bool, mut fill: impl FnMut(usize, &mut [u32])) {
        self.local.fill(0);
        self.killed.fill(false);
        self.ended.fill(false);
        self.any_ended = false;
        let prog = self.prog;
        self.reset_promoted();
        let active = active.min(self.l);
        for lane in 0..self.l {
            self.helper[lane] = lane >= active || helper(lane);
            let mem = init_lane(prog, &mut self.local, lane);
            for &(builtin, at) in &prog.builtins {
                if let Some(value) = subgroup_builtin(builtin, lane, self.l) {
                    mem[at as usize] = value;
                }
            }
            fill(lane, mem);
        }
        let lanes: Vec<u32> = (0..active as u32).collect();
        self.run_func(prog.entry, &lanes);
    }

    /// Zeroes the function variables kept in registers, as lane memory starts.
    fn reset_promoted(&mut self) {
        for &r in &self.prog.promoted {
            self.regs[r as usize].fill(0);
        }
    }

    /// The private memory of `lane`.
    pub(crate) fn lane_memory(&self, lane: usize) -> &[u32] {
        let lane_base = self.prog.wg_words as usize;
        let lw = self.prog.lane_words as usize;
        &self.local[lane_base + lane * lw..lane_base + (lane + 1) * lw]
    }

    /// Lanes per batch.
    pub(crate) fn lanes(&self) -> usize {
        self.l
    }

    pub(crate) fn take_findings(&mut self) -> (Vec<Finding>, usize) {
        (std::mem::take(&mut self.findings), std::mem::take(&mut self.dropped))
    }

    fn run_workgroup(&mut self, index: u64) {
        let [wx, wy, _] = self.workgroups;
        let (wx, wy) = (u64::from(wx), u64::from(wy));
        self.workgroup = [(index % wx) as u32, ((index / wx) % wy) as u32, (index / (wx * wy)) as u32];
        self.workgroup_index = index;
        self.local.fill(0);
        self.reset_promoted();
        self.reset_races(true, true);
        self.divergent_barrier = false;
        if !self.written.is_empty() {
            self.written.fill(false);
            for &(base, words) in &self.prog.wg_initialized {
                self.written[base as usize..(base + words) as usize].fill(true);
            }
        }
        let prog = self.prog;
        if !prog.builtins.is_empty() || !prog.lane_inits.is_empty() {
            for lane in 0..self.l {
                let mem = init_lane(prog, &mut self.local, lane);
                for &(builtin, at) in &prog.builtins {
                    if let Some(value) = compute_builtin(builtin, self.workgroup, self.workgroups, prog.workgroup_size, lane) {
                        let at = at as usize;
                        let n = (mem.len() - at).min(3);
                        mem[at..at + n].copy_from_slice(&value[..n]);
                    }
                }
            }
        }
        // The built-ins in registers that change with the workgroup (the others are filled
        // once, by `Thread::new`).
        let l = self.l;
        for &(builtin, reg) in &prog.builtin_regs {
            let r = &mut self.regs[reg as usize];
            match builtin {
                Builtin::GlobalInvocationId => {
                    for k in 0..(r.len() / l).min(3) {
                        let base = self.workgroup[k] * prog.workgroup_size[k];
                        for (d, &local) in r[k * l..(k + 1) * l].iter_mut().zip(&self.local_ids[k * l..(k + 1) * l]) {
                            *d = base + local;
                        }
                    }
                }
                Builtin::WorkgroupId => {
                    for k in 0..(r.len() / l).min(3) {
                        r[k * l..(k + 1) * l].fill(self.workgroup[k]);
                    }
                }
                _ => {}
            }
        }
        let lanes = std::mem::take(&mut self.all_lanes);
        self.run_func(prog.entry, &lanes);
        self.all_lanes = lanes;
    }

    fn invocation(&self, lane: usize) -> [u32; 3] {
        if let Some(&id) = self.ids.get(lane) {
            return id;
        }
        self.global_id(self.workgroup, lane as u32)
    }

    /// The global invocation id of local invocation `lane` of `workgroup`.
    fn global_id(&self, workgroup: [u32; 3], lane: u32) -> [u32; 3] {
        let [sx, sy, _] = self.prog.workgroup_size;
        let local = [lane % sx, (lane / sx) % sy, lane / (sx * sy)];
        std::array::from_fn(|k| workgroup[k] * self.prog.workgroup_size[k] + local[k])
    }

    fn report(&mut self, lane: usize, kind: FindingKind) {
        if self.sanitize {
            self.push_finding(self.invocation(lane), kind);
        }
    }

    fn push_finding(&mut self, invocation: [u32; 3], kind: FindingKind) {
        if self.findings.len() >= MAX_FINDINGS {
            self.dropped += 1;
            return;
        }
        let location = self.line.checked_sub(1).and_then(|k| self.prog.locations.get(k as usize)).cloned();
        self.findings.push(Finding { kind, invocation, location });
    }

    /// The sanitizer's check of integer division and remainder: a zero divisor is undefined in
    /// SPIR-V (GLSL leaves it undefined; WGSL defines it, and its modules guard the divisor).
    /// One finding per lane (helper invocations aside).
    fn check_divisor(&mut self, inst: &Inst, lanes: &[u32]) {
        let &Inst::Bin { op: op @ (Bin::UDiv | Bin::SDiv | Bin::UMod | Bin::SRem | Bin::SMod), b, n, .. } = inst else { return };
        let l = self.l;
        for &i in lanes {
            let i = i as usize;
            if !self.helper[i] && (0..n as usize).any(|k| self.regs[b as usize].get(k * l + i) == Some(&0)) {
                self.report(i, FindingKind::DivisionByZero { remainder: !matches!(op, Bin::UDiv | Bin::SDiv) });
            }
        }
    }

    fn run_func(&mut self, func: usize, lanes: &[u32]) {
        let prog = self.prog;
        let f = &prog.funcs[func];
        let l = self.l;
        let mut scratch = || {
            let mut v = self.pool.pop().unwrap_or_default();
            v.resize(l, DONE);
            v
        };
        // Each lane's next block and the block it came from: written only while the lanes are
        // apart (see `together`).
        let (mut pc, mut prev, mut cur, mut phi_tmp) = (scratch(), scratch(), scratch(), scratch());
        cur.clear();
        cur.extend_from_slice(lanes);
        // The lowest block the lanes outside `cur` wait at, and the block all of `cur` went to
        // when they went to one: if it is lower, `cur` runs it as it is.
        let mut rest = DONE;
        let mut next = Some(0);
        // `Some(p)` while every lane of `lanes` is in `cur`, at block `next`, coming from
        // block `p`: their `pc` and `prev` are not kept up to date then (most blocks are run by
        // all lanes together), and are written when the lanes go apart.
        let mut together = Some(DONE);
        loop {
            if self.any_ended {
                if let (Some(p), Some(b)) = (together.take(), next) {
                    for &i in lanes {
                        pc[i as usize] = b;
                        prev[i as usize] = p;
                    }
                }
                // A discarded invocation that stopped stops in every function on its call stack.
                for &i in lanes {
                    if self.ended[i as usize] {
                        pc[i as usize] = DONE;
                    }
                }
                next = None;
            }
            let block = match next.filter(|&b| b < rest) {
                Some(b) => b,
                None => {
                    let Some(block) = lanes.iter().map(|&i| pc[i as usize]).min().filter(|&b| b != DONE) else { break };
                    cur.clear();
                    rest = DONE;
                    for &i in lanes {
                        match pc[i as usize] {
                            p if p == block => cur.push(i),
                            p => rest = rest.min(p),
                        }
                    }
                    block
                }
            };
            let blk = &f.blocks[block as usize];
            if !blk.phis.is_empty() {
                // All phis read before any is written (they may read each other).
                phi_tmp.clear();
                for phi in &blk.phis {
                    // A discarded lane going on at a merge came from no predecessor: the
                    // first incoming value.
                    let src = |from: u32| phi.incoming.iter().find(|(_, p)| *p == from).or(phi.incoming.first()).map(|(v, _)| *v);
                    match together {
                        Some(from) if cur.len() == l => {
                            let src = src(from);
                            for k in 0..phi.n as usize {
                                match src {
                                    Some(v) => phi_tmp.extend_from_slice(&self.regs[v as usize][k * l..(k + 1) * l]),
                                    None => phi_tmp.resize(phi_tmp.len() + l, 0),
                                }
                            }
                        }
                        _ => {
                            for &i in &cur {
                                let i = i as usize;
                                let src = src(together.unwrap_or(prev[i]));
                                for k in 0..phi.n as usize {
                                    phi_tmp.push(src.map_or(0, |v| self.regs[v as usize][k * l + i]));
                                }
                            }
                        }
                    }
                }
                let mut at = 0;
                for phi in &blk.phis {
                    let d = &mut self.regs[phi.dst as usize];
                    if together.is_some() && cur.len() == l {
                        let n = phi.n as usize * l;
                        d[..n].copy_from_slice(&phi_tmp[at..at + n]);
                        at += n;
                        continue;
                    }
                    for &i in &cur {
                        for k in 0..phi.n as usize {
                            d[k * l + i as usize] = phi_tmp[at];
                            at += 1;
                        }
                    }
                }
            }
            for (k, inst) in blk.insts.iter().enumerate() {
                self.line = blk.lines.get(k).copied().unwrap_or(0);
                self.exec(inst, &cur);
            }
            // Every lane of the call here: when they all go to one block, they stay together.
            if cur.len() == lanes.len() {
                let to = match &blk.term {
                    Term::Branch(t) => Some(*t),
                    Term::Cond(c, t, e) => {
                        let c = &self.regs[*c as usize];
                        let taken = if cur.len() == l { c[..l].iter().filter(|&&x| x != 0).count() } else { cur.iter().filter(|&&i| c[i as usize] != 0).count() };
                        match taken {
                            0 => Some(*e),
                            n if n == cur.len() => Some(*t),
                            _ => None,
                        }
                    }
                    Term::Return => break,
                    _ => None,
                };
                if let Some(to) = to {
                    together = Some(block);
                    next = Some(to);
                    continue;
                }
            }
            // The lanes go apart (or were): `pc` and `prev` of every lane in `cur`.
            together = None;
            let mut go = |i: u32, to: u32| {
                pc[i as usize] = to;
                prev[i as usize] = block;
            };
            next = None;
            match &blk.term {
                Term::Branch(t) => {
                    cur.iter().for_each(|&i| go(i, *t));
                    next = Some(*t);
                }
                Term::Cond(c, t, e) => {
                    let c = &self.regs[*c as usize];
                    let mut taken = 0;
                    for &i in &cur {
                        let yes = c[i as usize] != 0;
                        taken += usize::from(yes);
                        go(i, if yes { *t } else { *e });
                    }
                    next = match taken {
                        0 => Some(*e),
                        n if n == cur.len() => Some(*t),
                        _ => None,
                    };
                }
                Term::Switch { sel, default, cases } => {
                    let s = &self.regs[*sel as usize];
                    for &i in &cur {
                        let v = s[i as usize];
                        go(i, cases.iter().find(|(c, _)| *c == v).map_or(*default, |(_, t)| *t));
                    }
                }
                Term::Return => cur.iter().for_each(|&i| go(i, DONE)),
                Term::Kill { resume } => {
                    for &i in &cur {
                        self.killed[i as usize] = true;
                        match resume {
                            // Goes on as a helper (see `Term::Kill`).
                            Some(merge) => {
                                self.helper[i as usize] = true;
                                go(i, *merge);
                            }
                            None => {
                                self.ended[i as usize] = true;
                                self.any_ended = true;
                                go(i, DONE);
                            }
                        }
                    }
                }
                Term::ReturnValue(v, n) => {
                    let mut d = std::mem::take(&mut self.regs[f.ret as usize]);
                    let s = &self.regs[*v as usize];
                    for k in 0..*n as usize {
                        for &i in &cur {
                            d[k * l + i as usize] = s[k * l + i as usize];
                        }
                    }
                    self.regs[f.ret as usize] = d;
                    cur.iter().for_each(|&i| go(i, DONE));
                }
            }
        }
        self.pool.extend([pc, prev, cur, phi_tmp]);
    }

    fn exec(&mut self, inst: &Inst, lanes: &[u32]) {
        if let Inst::Uniform(inner, fill) = inst {
            return self.exec_uniform(inner, *fill, lanes);
        }
        if self.sanitize {
            self.check_divisor(inst, lanes);
        }
        if !pure(&mut self.regs, self.l, inst, lanes) {
            self.effects(inst, lanes);
        }
    }

    /// The instructions [`pure`] does not run (memory, calls, images, ...): out of line, so
    /// that the register-only ones do not pay for its stack frame.
    #[inline(never)]
    fn effects(&mut self, inst: &Inst, lanes: &[u32]) {
        let l = self.l;
        match inst {
            Inst::Load { parts: true, .. }
            | Inst::Store { parts: true, .. }
            | Inst::ExtStore { .. }
            | Inst::Atomic64 { .. }
            | Inst::SubgroupWide { .. }
            | Inst::Descriptor { .. }
            | Inst::FetchSample { .. }
            | Inst::WriteSample { .. }
            | Inst::SubpassRead { .. }
            | Inst::Clock { .. }
            | Inst::Interpolate { .. }
            | Inst::TexelPointer { .. }
            | Inst::ImageAtomic { .. }
            | Inst::Address { .. }
            | Inst::AddressChain { .. } => self.exec_rare(inst, lanes),
            Inst::Load { dst, ptr, leaves, .. } => self.load(*dst, *ptr, leaves, lanes),
            Inst::Store { ptr, src, leaves, .. } => self.store(*ptr, *src, leaves, lanes),
            Inst::LoadObj { dst, ptr, obj, at, leaves } => self.load_obj(*dst, *ptr, *obj, *at, leaves, lanes),
            Inst::StoreObj { ptr, src, obj, leaves } => self.store_obj(*ptr, *src, *obj, leaves, lanes),
            Inst::ChainAt { dst, obj, offset, dynamic } => self.chain_at(*dst, *obj, *offset, dynamic, lanes),
            Inst::CopyMemory { dst, src, dst_leaves, src_leaves } => {
                for &i in lanes {
                    let i = i as usize;
                    let (so, soff) = (self.regs[*src as usize][i], self.regs[*src as usize][l + i]);
                    let (d_o, doff) = (self.regs[*dst as usize][i], self.regs[*dst as usize][l + i]);
                    for (&sl, &dl) in src_leaves.iter().zip(dst_leaves.iter()) {
                        let v = self.read_leaf(so, soff, sl, i);
                        self.write_leaf(d_o, doff, dl, i, v);
                    }
                }
            }
            Inst::AccessChain { dst, base, offset, dynamic } => {
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                for &i in lanes {
                    let i = i as usize;
                    let (obj, off) = (self.regs[*base as usize][i], self.regs[*base as usize][l + i]);
                    let mut at = u64::from(off) + u64::from(*offset);
                    let mut reported = false;
                    for &(index, stride, len) in dynamic {
                        let x = self.regs[index as usize][i];
                        if let Some(n) = len {
                            if x >= n && !reported && off != POISON {
                                self.report(i, FindingKind::IndexOutOfBounds { index: x, len: n });
                                reported = true;
                            }
                        }
                        at = at.saturating_add(u64::from(x) * u64::from(stride));
                    }
                    d[i] = obj;
                    // POISON: reported here (or by the chain that made `base`), so the access
                    // through it is dropped silently; an offset past 4 GiB stays out of bounds
                    // and is reported by the access.
                    d[l + i] = if off == POISON || reported { POISON } else { at.min(u64::from(POISON - 1)) as u32 };
                }
                self.regs[*dst as usize] = d;
            }
            Inst::ArrayLength { dst, ptr, offset, stride } => {
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                let length = |obj: u32| {
                    let len = match self.prog.objs[obj as usize] {
                        Obj::Buffer { slot } => self.slots[slot].0.len() as u32,
                        _ => 0,
                    };
                    len.saturating_sub(*offset) / stride.max(&1)
                };
                // Every lane's pointer is the variable's (or a parameter's): one length.
                let p = &self.regs[*ptr as usize];
                let first = lanes.first().map_or(0, |&i| p[i as usize]);
                let known = length(first);
                for &i in lanes {
                    let i = i as usize;
                    d[i] = if p[i] == first { known } else { length(p[i]) };
                }
                self.regs[*dst as usize] = d;
            }
            Inst::Atomic { op, dst, ptr, a, b } => {
                for &i in lanes {
                    let i = i as usize;
                    let (obj, off) = (self.regs[*ptr as usize][i], self.regs[*ptr as usize][l + i]);
                    let x = a.map_or(0, |a| self.regs[a as usize][i]);
                    let y = b.map_or(0, |b| self.regs[b as usize][i]);
                    let old = self.atomic(*op, obj, off, i, x, y);
                    if let Some(dst) = dst {
                        self.regs[*dst as usize][i] = old;
                    }
                }
            }
            Inst::Call { dst, func, args } => {
                for &(a, param, n) in args {
                    let mut d = std::mem::take(&mut self.regs[param as usize]);
                    let s = &self.regs[a as usize];
                    for k in 0..n as usize {
                        copy_lanes(&mut d[k * l..(k + 1) * l], &s[k * l..(k + 1) * l], lanes);
                    }
                    self.regs[param as usize] = d;
                }
                self.run_func(*func, lanes);
                if let Some((dst, ret, n)) = *dst {
                    let mut d = std::mem::take(&mut self.regs[dst as usize]);
                    let s = &self.regs[ret as usize];
                    for k in 0..n as usize {
                        copy_lanes(&mut d[k * l..(k + 1) * l], &s[k * l..(k + 1) * l], lanes);
                    }
                    self.regs[dst as usize] = d;
                }
            }
            Inst::Sample(s) => self.sample(s, lanes),
            Inst::Fetch { dst, image, coord, info, lod, offset, n, sparse } => {
                let at0 = usize::from(*sparse);
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                for &i in lanes {
                    let i = i as usize;
                    let (at, level) = self.texel_coord(*image, *coord, *info, *lod, *offset, i);
                    let slot = self.regs[*image as usize][i] as usize;
                    let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot) else { continue };
                    let texel = match img.load(level, at) {
                        Some(t) => {
                            self.track_texel(slot, img, level, at, i, Access::Read);
                            t
                        }
                        None => {
                            self.texel_out_of_bounds(i, set, binding, at, level, false);
                            [0; 4]
                        }
                    };
                    if *sparse {
                        d[i] = 0;
                    }
                    for k in 0..*n as usize {
                        d[(at0 + k) * l + i] = crate::image::Image::texel_word(&texel, *n, k);
                    }
                }
                self.regs[*dst as usize] = d;
            }
            Inst::ImageWrite { image, coord, info, texel, texel_n } => {
                for &i in lanes {
                    let i = i as usize;
                    if self.helper[i] {
                        continue;
                    }
                    let (at, level) = self.texel_coord(*image, *coord, *info, None, [0; 3], i);
                    let slot = self.regs[*image as usize][i] as usize;
                    let Some(&Handle::Image(img, set, binding)) = self.handles.get(slot) else { continue };
                    let src = &self.regs[*texel as usize];
                    let value: [u32; 4] = std::array::from_fn(|k| if k < *texel_n as usize { src[k * l + i] } else { 0 });
                    if img.store(level, at, value) {
                        self.track_texel(slot, img, level, at, i, Access::Write);
                    } else {
                        self.texel_out_of_bounds(i, set, binding, at, level, true);
                    }
                }
            }
            Inst::ImageQuery { dst, image, info, query, n } => {
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                for &i in lanes {
                    let i = i as usize;
                    let slot = self.regs[*image as usize][i] as usize;
                    let Some(&Handle::Image(img, ..)) = self.handles.get(slot) else { continue };
                    let values: [u32; 4] = match query {
                        Query::Size(lod) => {
                            let level = lod.map_or(0, |id| self.regs[id as usize][i]);
                            let size = if level < img.levels() { img.level_size(level) } else { [0; 3] };
                            // A cube's size is its faces' (and its number of cubes).
                            let (dims, layers) = if info.cube { (2, img.size()[2] / 6) } else { (info.dims as usize, img.size()[2]) };
                            let mut out = [0; 4];
                            out[..dims].copy_from_slice(&size[..dims]);
                            if info.arrayed {
                                out[dims] = layers;
                            }
                            out
                        }
                        Query::Levels => [img.levels(), 0, 0, 0],
                        Query::Samples => [img.samples(), 0, 0, 0],
                    };
                    for k in 0..*n as usize {
                        d[k * l + i] = values[k];
                    }
                }
                self.regs[*dst as usize] = d;
            }
            Inst::Demote => {
                for &i in lanes {
                    self.helper[i as usize] = true;
                }
            }
            Inst::Barrier { buffers, images, subgroup: false } => self.barrier(lanes, *buffers, *images),
            Inst::Barrier { buffers, images, subgroup: true } => self.subgroup_barrier(lanes, *buffers, *images),
            Inst::Fence { buffers, images } => {
                self.buffer_fence |= *buffers;
                self.image_fence |= *images;
            }
            Inst::Subgroup { op, dst, a, b, n } => self.subgroup(*op, *dst, *a, *b, *n as usize, lanes),
            Inst::IsHelper { dst } => {
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                for &i in lanes {
                    d[i as usize] = u32::from(self.helper[i as usize]);
                }
                self.regs[*dst as usize] = d;
            }
            other => unreachable!("not an executable instruction: {other:?}"),
        }
    }

    /// [`Inst::Uniform`]: `inst` for the first active lane, its result copied to the others
    /// when `fill`. The sanitizer runs it for every lane (its reports name each lane).
    fn exec_uniform(&mut self, inst: &Inst, fill: bool, lanes: &[u32]) {
        let l = self.l;
        let Some(&first) = lanes.first() else { return };
        if self.sanitize || lanes.len() == 1 {
            return self.exec(inst, lanes);
        }
        let first = first as usize;
        // The lanes the result is written for.
        let one = [first as u32];
        let to: &[u32] = if fill { lanes } else { &one };
        match inst {
            // One address for every lane: read once for the first lane (through the checked
            // path when out of bounds), then filled; the pointer is read at the first lane only
            // (it may have been written for that lane only, see `fold::first_lane_only`).
            Inst::LoadObj { dst, ptr, obj, leaves, .. } => {
                let at = self.regs[*ptr as usize][l + first];
                self.load_obj(*dst, *ptr, *obj, Some(at), leaves, &one);
                let d = &mut self.regs[*dst as usize];
                for k in 0..leaves.len() {
                    let row = &mut d[k * l..(k + 1) * l];
                    let v = row[first];
                    fill_lanes(row, v, to);
                }
            }
            Inst::ChainAt { dst, obj, offset, dynamic } => {
                // As `chain_at` for one lane: an index past its array's end points nowhere.
                let mut at = u64::from(*offset);
                let mut past_end = false;
                for &(index, stride, len) in dynamic {
                    let x = self.regs[index as usize][first];
                    at = at.saturating_add(u64::from(x) * u64::from(stride));
                    past_end |= len.is_some_and(|n| x >= n);
                }
                let off = if past_end { POISON } else { at.min(u64::from(POISON - 1)) as u32 };
                let d = &mut self.regs[*dst as usize];
                fill_lanes(&mut d[..l], *obj, to);
                fill_lanes(&mut d[l..2 * l], off, to);
            }
            // One scalar operation on the first lane's operands (the same closure as the row
            // loops'), then filled.
            &Inst::Bin { op, dst, a, b, n: 1 } => {
                let v = bin(op)(self.regs[a as usize][first], self.regs[b as usize][first]);
                fill_lanes(&mut self.regs[dst as usize][..l], v, to);
            }
            &Inst::Un { op, dst, a, n: 1 } => {
                let v = un(op)(self.regs[a as usize][first]);
                fill_lanes(&mut self.regs[dst as usize][..l], v, to);
            }
            Inst::ArrayLength { dst, .. } => {
                self.exec(inst, &[first as u32]);
                let d = &mut self.regs[*dst as usize];
                let v = d[first];
                fill_lanes(&mut d[..l], v, to);
            }
            _ => {
                let ran = pure(&mut self.regs, l, inst, &[first as u32]);
                debug_assert!(ran, "a uniform instruction touches registers only: {inst:?}");
                let Some(dst) = dst_of(inst).filter(|_| fill) else { return };
                let words = self.prog.reg_words[dst as usize] as usize;
                let d = &mut self.regs[dst as usize];
                for k in 0..words {
                    let row = &mut d[k * l..(k + 1) * l];
                    let v = row[first];
                    fill_lanes(row, v, lanes);
                }
            }
        }
    }

    /// A load through pointer `ptr` of word-sized leaves, lane by lane.
    /// `OpImageSample*`/`OpImage*Gather` for the active lanes. The image and sampler are looked
    /// up once for the lanes that share them (all of them, in practice), and the level of detail
    /// is computed only where it can change the result ([`lod_matters`]); an implicit one once
    /// per quad.
    fn sample(&mut self, s: &SampleInst, lanes: &[u32]) {
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[s.dst as usize]);
        let r = &self.regs;
        let si = &r[s.sampled as usize];
        let coord = &r[s.coord as usize];
        let dims = s.image.dims as usize;
        let word = |reg: &Vec<u32>, k: usize, i: usize| reg.get(k * l + i).copied().unwrap_or(0);
        // The divisor of a projective sample (1 otherwise) of lane `i`.
        let q_of = |i: usize| if s.proj { f(word(coord, dims, i)) } else { 1.0 };
        let coord_at = |k: usize, i: usize| f(word(coord, k, i)) / q_of(i);
        // Samples whose texel their coordinates alone may decide (`Unorm8Level0`).
        let plain = !s.image.cube && !s.image.arrayed && s.dref.is_none() && s.gather.is_none() && !s.query_lod && s.offsets.is_none() && s.dyn_offset.is_none();
        // All lanes with one pair (the usual): it is prepared once and the lanes pass their
        // coordinates only (as `coord_at` gives them: not projective, divided by 1).
        if plain && !s.proj {
            let slots = |i: u32| (si[i as usize], si[l + i as usize]);
            if let Some(&first) = lanes.first() {
                let key = slots(first);
                let pair = match (self.handles.get(key.0 as usize), self.handles.get(key.1 as usize)) {
                    (Some(&Handle::Image(image, ..)), Some(&Handle::Sampler(sampler))) => crate::image::Unorm8Level0::new(image, sampler, dims, s.offset),
                    _ => None,
                };
                if let Some(pair) = pair.filter(|_| lanes.iter().all(|&i| slots(i) == key)) {
                    for &i in lanes {
                        let i = i as usize;
                        let c: [f32; 3] = std::array::from_fn(|k| if k < dims { f(word(coord, k, i)) } else { 0.0 });
                        put_texel(&mut d, l, i, s, pair.sample(c));
                    }
                    self.regs[s.dst as usize] = d;
                    return;
                }
            }
        }
        // The last lane's (image, sampler) handle slots, what they hold, and whether the level
        // of detail matters (and the pair prepared for plain samples); the last quad's implicit
        // level of detail (before the bias).
        let mut bound: Option<((u32, u32), &Image, &Sampler, bool)> = None;
        let mut prepared: Option<crate::image::Unorm8Level0<'_>> = None;
        let mut quad: Option<(usize, f32)> = None;
        for &i in lanes {
            let i = i as usize;
            let key = (si[i], si[l + i]);
            let (image, sampler, lod_needed) = match bound {
                Some((k, image, sampler, needed)) if k == key => (image, sampler, needed),
                _ => {
                    let (Some(&Handle::Image(image, ..)), Some(&Handle::Sampler(sampler))) =
                        (self.handles.get(key.0 as usize), self.handles.get(key.1 as usize))
                    else { continue };
                    let needed = s.query_lod || lod_matters(image, sampler, s.gather.is_some());
                    bound = Some((key, image, sampler, needed));
                    prepared = if plain { crate::image::Unorm8Level0::new(image, sampler, dims, s.offset) } else { None };
                    quad = None;
                    (image, sampler, needed)
                }
            };
            let c: [f32; 3] = std::array::from_fn(|k| if k < dims { coord_at(k, i) } else { 0.0 });
            if let Some(pair) = &prepared {
                put_texel(&mut d, l, i, s, pair.sample(c));
                continue;
            }
            // The layer; of a cube array, the first layer (face 0) of the cube.
            let (layer, per) = if s.image.cube { (6, image.size()[2] / 6) } else { (1, image.size()[2]) };
            let layer = if s.image.arrayed {
                (f(word(coord, dims, i)).round_ties_even() as i64).clamp(0, i64::from(per.max(1)) - 1) * layer
            } else {
                0
            };
            // The level of detail from the coordinates' derivatives along x and y.
            let from_grad = |dx: [f32; 3], dy: [f32; 3], at: [f32; 3]| {
                if s.image.cube {
                    crate::image::cube_lod(image, at, dx, dy)
                } else {
                    grad_lod(image, dims, |k| dx[k], |k| dy[k])
                }
            };
            let lod = match s.lod {
                _ if !lod_needed => 0.0,
                Lod::Zero => 0.0,
                Lod::Explicit(id) | Lod::Bias(id) => f(word(&r[id as usize], 0, i)),
                Lod::Grad(x, y) => {
                    let g = |id: Id| std::array::from_fn(|k| if k < dims { f(word(&r[id as usize], k, i)) } else { 0.0 });
                    from_grad(g(x), g(y), c)
                }
                // One level of detail per quad, from its first lane's row and column (what
                // lavapipe does).
                Lod::Implicit(bias) => {
                    let q = i & !3;
                    let lod = match quad {
                        Some((at, lod)) if at == q => lod,
                        _ => {
                            let at = |lane: usize, k: usize| if lane < l && k < dims { coord_at(k, lane) } else { 0.0 };
                            let diff = |lane: usize| std::array::from_fn(|k| at(lane, k) - at(q, k));
                            let lod = from_grad(diff(q + 1), diff(q + 2), std::array::from_fn(|k| at(q, k)));
                            quad = Some((q, lod));
                            lod
                        }
                    };
                    lod + bias.map_or(0.0, |b| f(word(&r[b as usize], 0, i)))
                }
            };
            // `MinLod` raises the sampler's minimum (Vulkan "Level-of-Detail Operation").
            let clamped;
            let sampler = match s.min_lod {
                Some(id) => {
                    clamped = Sampler { lod_min_clamp: sampler.lod_min_clamp.max(f(word(&r[id as usize], 0, i))), ..*sampler };
                    &clamped
                }
                None => sampler,
            };
            if s.query_lod {
                let [x, y] = crate::image::query_lod(image, sampler, lod);
                d[i] = x.to_bits();
                d[l + i] = y.to_bits();
                continue;
            }
            let mut q = SampleQuery {
                coord: c,
                dims,
                layer,
                lod,
                offset: s.offset,
                dref: s.dref.map(|id| f(word(&r[id as usize], 0, i)) / q_of(i)),
                gather: s.gather.map(|g| g as usize),
                cube: s.image.cube,
            };
            if let Some(id) = s.dyn_offset {
                q.offset = std::array::from_fn(|k| if k < dims { word(&r[id as usize], k, i) as i32 } else { 0 });
            }
            let texel = match s.offsets {
                // Texel k: the (i0, j0) texel (the fourth) of the gather at offset k
                // (GLSL's `textureGatherOffsets`; what lavapipe does).
                Some(offsets) => std::array::from_fn(|k| {
                    q.offset = offsets[k];
                    crate::image::sample(image, sampler, &q)[3]
                }),
                None => crate::image::sample(image, sampler, &q),
            };
            put_texel(&mut d, l, i, s, texel);
        }
        self.regs[s.dst as usize] = d;
    }

    fn load(&mut self, dst: Id, ptr: Id, leaves: &[u32], lanes: &[u32]) {
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        let last = leaves.iter().copied().max().unwrap_or(0);
        for &i in lanes {
            let i = i as usize;
            let (obj, off) = (self.regs[ptr as usize][i], self.regs[ptr as usize][l + i]);
            // Fast path: the whole value in bounds, the object resolved once.
            match self.in_bounds(obj, off, last, i) {
                Some(Span::Buffer(words)) => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        d[k * l + i] = words[((off + leaf) / 4) as usize].load(Ordering::Relaxed);
                    }
                }
                Some(Span::Local(start)) => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        d[k * l + i] = self.local[start + ((off + leaf) / 4) as usize];
                    }
                }
                None => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        d[k * l + i] = self.read(obj, off.saturating_add(leaf), i);
                    }
                }
            }
        }
        self.regs[dst as usize] = d;
    }

    /// A store through pointer `ptr` of word-sized leaves, lane by lane.
    fn store(&mut self, ptr: Id, src: Id, leaves: &[u32], lanes: &[u32]) {
        let l = self.l;
        let last = leaves.iter().copied().max().unwrap_or(0);
        for &i in lanes {
            let i = i as usize;
            let (obj, off) = (self.regs[ptr as usize][i], self.regs[ptr as usize][l + i]);
            let s = &self.regs[src as usize];
            match self.in_bounds(obj, off, last, i) {
                Some(Span::Buffer(_)) if self.helper[i] => {}
                Some(Span::Buffer(words)) => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        words[((off + leaf) / 4) as usize].store(s[k * l + i], Ordering::Relaxed);
                    }
                }
                Some(Span::Local(start)) => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        self.local[start + ((off + leaf) / 4) as usize] = s[k * l + i];
                    }
                }
                None => {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        let v = self.regs[src as usize][k * l + i];
                        self.write(obj, off.saturating_add(leaf), i, v);
                    }
                }
            }
        }
    }

    /// [`Inst::LoadObj`]: the object resolved once for all lanes (and, at a known address in
    /// a buffer or workgroup memory, the words read once); lanes out of bounds take the
    /// checked path. Under the sanitizer, buffer and workgroup memory take [`Thread::load`],
    /// which watches every access.
    fn load_obj(&mut self, dst: Id, ptr: Id, obj: u32, at: Option<u32>, leaves: &[u32], lanes: &[u32]) {
        let object = self.prog.objs[obj as usize];
        if self.sanitize && !matches!(object, Obj::Lane { .. }) {
            return self.load(dst, ptr, leaves, lanes);
        }
        let l = self.l;
        let last = u64::from(leaves.iter().copied().max().unwrap_or(0)) + 4;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        let p = &self.regs[ptr as usize];
        let fits = |off: u32, size: u64| off != POISON && u64::from(off) + last <= size;
        let local = &self.local;
        let slow = match object {
            Obj::Buffer { slot } => {
                let words = &self.slots[slot].0.words;
                gather(&mut d, p, l, lanes, leaves, at, words.len() as u64 * 4, |_, w| words[w].load(Ordering::Relaxed))
            }
            Obj::Workgroup { base, words } => gather(&mut d, p, l, lanes, leaves, at, u64::from(words) * 4, |_, w| local[base as usize + w]),
            Obj::Lane { base, words } => {
                let (first, lw) = (self.prog.wg_words as usize + base as usize, self.prog.lane_words as usize);
                gather(&mut d, p, l, lanes, leaves, None, u64::from(words) * 4, |i, w| local[first + i * lw + w])
            }
        };
        if slow {
            let size = match object {
                Obj::Buffer { slot } => self.slots[slot].0.words.len() as u64 * 4,
                Obj::Workgroup { words, .. } | Obj::Lane { words, .. } => u64::from(words) * 4,
            };
            for &i in lanes {
                let i = i as usize;
                let off = self.regs[ptr as usize][l + i];
                if !fits(off, size) {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        d[k * l + i] = self.read(obj, off.saturating_add(leaf), i);
                    }
                }
            }
        }
        self.regs[dst as usize] = d;
    }

    /// [`Inst::StoreObj`]: the object resolved once for all lanes; lanes out of bounds take the
    /// checked path, and the sanitizer [`Thread::store`] for buffer and workgroup memory.
    fn store_obj(&mut self, ptr: Id, src: Id, obj: u32, leaves: &[u32], lanes: &[u32]) {
        let object = self.prog.objs[obj as usize];
        if self.sanitize && !matches!(object, Obj::Lane { .. }) {
            return self.store(ptr, src, leaves, lanes);
        }
        let l = self.l;
        let last = u64::from(leaves.iter().copied().max().unwrap_or(0)) + 4;
        let fits = |off: u32, size: u64| off != POISON && u64::from(off) + last <= size;
        let (p, s) = (&self.regs[ptr as usize], &self.regs[src as usize]);
        if lanes.len() == l {
            // Every lane in bounds (the largest offset is), none a helper: whole rows.
            let offs = &p[l..2 * l];
            let (first, lw, size) = match object {
                Obj::Buffer { slot } => (0, 0, self.slots[slot].0.words.len() as u64 * 4),
                Obj::Workgroup { base, words } => (base as usize, 0, u64::from(words) * 4),
                Obj::Lane { base, words } => (self.prog.wg_words as usize + base as usize, self.prog.lane_words as usize, u64::from(words) * 4),
            };
            if row_below(offs, |off| fits(off, size)) {
                match object {
                    Obj::Buffer { slot } if !self.helper.iter().any(|&h| h) => {
                        let words = &self.slots[slot].0.words;
                        for (k, &leaf) in leaves.iter().enumerate() {
                            for (&off, &v) in offs.iter().zip(&s[k * l..(k + 1) * l]) {
                                words[((off + leaf) / 4) as usize].store(v, Ordering::Relaxed);
                            }
                        }
                        return;
                    }
                    Obj::Buffer { .. } => {}
                    Obj::Workgroup { .. } | Obj::Lane { .. } => {
                        for (k, &leaf) in leaves.iter().enumerate() {
                            for (i, (&off, &v)) in offs.iter().zip(&s[k * l..(k + 1) * l]).enumerate() {
                                self.local[first + i * lw + ((off + leaf) / 4) as usize] = v;
                            }
                        }
                        return;
                    }
                }
            }
        }
        let mut slow = false;
        let size = match object {
            Obj::Buffer { slot } => {
                let words = &self.slots[slot].0.words;
                let size = words.len() as u64 * 4;
                for &i in lanes {
                    let i = i as usize;
                    let off = p[l + i];
                    if !fits(off, size) {
                        slow = true;
                    } else if !self.helper[i] {
                        for (k, &leaf) in leaves.iter().enumerate() {
                            words[((off + leaf) / 4) as usize].store(s[k * l + i], Ordering::Relaxed);
                        }
                    }
                }
                size
            }
            Obj::Workgroup { base, words } | Obj::Lane { base, words } => {
                let size = u64::from(words) * 4;
                let lane_memory = matches!(object, Obj::Lane { .. });
                let (first, lw) = if lane_memory {
                    (self.prog.wg_words as usize + base as usize, self.prog.lane_words as usize)
                } else {
                    (base as usize, 0)
                };
                for &i in lanes {
                    let i = i as usize;
                    let off = p[l + i];
                    if !fits(off, size) {
                        slow = true;
                        continue;
                    }
                    for (k, &leaf) in leaves.iter().enumerate() {
                        self.local[first + i * lw + ((off + leaf) / 4) as usize] = s[k * l + i];
                    }
                }
                size
            }
        };
        if slow {
            for &i in lanes {
                let i = i as usize;
                let off = self.regs[ptr as usize][l + i];
                if !fits(off, size) {
                    for (k, &leaf) in leaves.iter().enumerate() {
                        let v = self.regs[src as usize][k * l + i];
                        self.write(obj, off.saturating_add(leaf), i, v);
                    }
                }
            }
        }
    }

    /// [`Inst::ChainAt`]: the offsets of all lanes index by index; when an index is past its
    /// array's length in some lane, the chain is redone lane by lane as [`Inst::AccessChain`]
    /// does (the report, and an offset that points nowhere).
    #[allow(clippy::type_complexity)]
    fn chain_at(&mut self, dst: Id, obj: u32, offset: u32, dynamic: &[(Id, u32, Option<u32>)], lanes: &[u32]) {
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        let all = lanes.len() == l;
        if all {
            // Every index of a sized array in bounds in every lane, and the largest offset
            // they can reach below `POISON`: whole rows in 32 bits (vectorized).
            let reach = dynamic.iter().try_fold(u64::from(offset), |r, &(index, stride, len)| {
                let n = len.filter(|&n| row_below(&self.regs[index as usize][..l], |x| x < n))?;
                Some(r + u64::from(n - 1) * u64::from(stride))
            });
            if reach.is_some_and(|r| r < u64::from(POISON)) {
                let out = &mut d[l..2 * l];
                out.fill(offset);
                for &(index, stride, _) in dynamic {
                    for (o, &x) in out.iter_mut().zip(&self.regs[index as usize][..l]) {
                        *o = o.wrapping_add(x.wrapping_mul(stride));
                    }
                }
                d[..l].fill(obj);
                self.regs[dst as usize] = d;
                return;
            }
            if let &[(index, stride, None)] = dynamic {
                // One index into a runtime-sized array: the offsets in 64 bits, clamped.
                d[..l].fill(obj);
                for (d, &x) in d[l..2 * l].iter_mut().zip(&self.regs[index as usize][..l]) {
                    *d = (u64::from(offset) + u64::from(x) * u64::from(stride)).min(u64::from(POISON - 1)) as u32;
                }
                self.regs[dst as usize] = d;
                return;
            }
        }
        let mut at = std::mem::take(&mut self.offsets);
        at.clear();
        at.resize(l, u64::from(offset));
        let mut past_end = false;
        for &(index, stride, len) in dynamic {
            let x = &self.regs[index as usize][..l];
            let stride = u64::from(stride);
            if all {
                // Whole rows (vectorized): no lane list.
                for (a, &x) in at.iter_mut().zip(x) {
                    *a = a.saturating_add(u64::from(x) * stride);
                }
                past_end |= len.is_some_and(|n| x.iter().fold(0, |m, &x| m.max(x)) >= n);
                continue;
            }
            for &i in lanes {
                let i = i as usize;
                at[i] = at[i].saturating_add(u64::from(x[i]) * stride);
                past_end |= len.is_some_and(|n| x[i] >= n);
            }
        }
        fill_lanes(&mut d[..l], obj, lanes);
        if all {
            for (d, &a) in d[l..2 * l].iter_mut().zip(at.iter()) {
                *d = a.min(u64::from(POISON - 1)) as u32;
            }
        } else {
            for &i in lanes {
                let i = i as usize;
                d[l + i] = at[i].min(u64::from(POISON - 1)) as u32;
            }
        }
        if past_end {
            for &i in lanes {
                let i = i as usize;
                for &(index, _, len) in dynamic {
                    let x = self.regs[index as usize][i];
                    if let Some(n) = len.filter(|&n| x >= n) {
                        self.report(i, FindingKind::IndexOutOfBounds { index: x, len: n });
                        d[l + i] = POISON;
                        break;
                    }
                }
            }
        }
        self.offsets = at;
        self.regs[dst as usize] = d;
    }

    /// The memory instructions of 8/16-bit buffer scalars, `modf`/`frexp`'s pointer forms,
    /// 64-bit atomics and subgroup arithmetic of other widths than 32 bits, out of line (the common instructions' dispatch stays as before).
    #[cold]
    #[inline(never)]
    fn exec_rare(&mut self, inst: &Inst, lanes: &[u32]) {
        let l = self.l;
        match inst {
            Inst::Load { dst, ptr, leaves, .. } => {
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                for &i in lanes {
                    let i = i as usize;
                    let (obj, off) = (self.regs[*ptr as usize][i], self.regs[*ptr as usize][l + i]);
                    for (k, &leaf) in leaves.iter().enumerate() {
                        d[k * l + i] = self.read_leaf(obj, off, leaf, i);
                    }
                }
                self.regs[*dst as usize] = d;
            }
            Inst::Store { ptr, src, leaves, .. } => {
                for &i in lanes {
                    let i = i as usize;
                    let (obj, off) = (self.regs[*ptr as usize][i], self.regs[*ptr as usize][l + i]);
                    for (k, &leaf) in leaves.iter().enumerate() {
                        let v = self.regs[*src as usize][k * l + i];
                        self.write_leaf(obj, off, leaf, i, v);
                    }
                }
            }
            Inst::ExtStore { op, dst, x, n, ptr, leaves } => {
                let n = *n as usize;
                let mut d = std::mem::take(&mut self.regs[*dst as usize]);
                let (mut arg, mut out) = (vec![vec![0; n]], vec![0; 2 * n]);
                for &i in lanes {
                    let i = i as usize;
                    for (k, a) in arg[0].iter_mut().enumerate() {
                        *a = self.regs[*x as usize][k * l + i];
                    }
                    crate::ext::eval(*op, &arg, &mut out);
                    for k in 0..n {
                        d[k * l + i] = out[k];
                    }
                    let (obj, off) = (self.regs[*ptr as usize][i], self.regs[*ptr as usize][l + i]);
                    for (k, &leaf) in leaves.iter().enumerate() {
                        self.write_leaf(obj, off, leaf, i, out[n + k]);
                    }
                }
                self.regs[*dst as usize] = d;
            }
            Inst::Atomic64 { .. } => self.exec_atomic64(inst, lanes),
            Inst::SubgroupWide { .. } => self.exec_subgroup_wide(inst, lanes),
            Inst::Descriptor { .. } => self.exec_descriptor(inst, lanes),
            Inst::FetchSample { .. } => self.exec_fetch_sample(inst, lanes),
            Inst::WriteSample { .. } => self.exec_write_sample(inst, lanes),
            Inst::SubpassRead { .. } => self.exec_subpass_read(inst, lanes),
            Inst::Clock { .. } => self.exec_clock(inst, lanes),
            Inst::Interpolate { .. } => self.exec_interpolate(inst, lanes),
            Inst::TexelPointer { .. } => self.exec_texel_pointer(inst, lanes),
            Inst::ImageAtomic { .. } => self.exec_image_atomic(inst, lanes),
            Inst::Address { .. } => self.exec_address(inst, lanes),
            Inst::AddressChain { .. } => self.exec_address_chain(inst, lanes),
            _ => unreachable!("not a rare instruction: {inst:?}"),
        }
    }

    /// The texel coordinates (x, y, z or layer) and level of a fetch, read or write.
    fn texel_coord(&self, _image: Id, coord: Id, info: ImageType, lod: Option<Id>, offset: [i32; 3], i: usize) -> ([i64; 3], u32) {
        let l = self.l;
        let c = &self.regs[coord as usize];
        // A cube (array) texel: (x, y, 6 * cube + face).
        let n = if info.cube { 3 } else { (info.dims + info.arrayed as u32) as usize };
        let at: [i64; 3] = std::array::from_fn(|k| {
            if k < n {
                i64::from(c.get(k * l + i).copied().unwrap_or(0) as i32) + i64::from(offset[k])
            } else {
                0
            }
        });
        // A 1D array image is a 2D one of height 1: its layer is the third coordinate.
        let at = if info.dims == 1 && info.arrayed { [at[0], 0, at[1]] } else { at };
        let level = lod.map_or(0, |id| self.regs[id as usize][i]);
        (at, level)
    }

    fn texel_out_of_bounds(&mut self, lane: usize, set: u32, binding: u32, at: [i64; 3], level: u32, write: bool) {
        let coord = at.map(|v| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
        self.report(lane, FindingKind::TexelOutOfBounds { set, binding, coord, level, write });
    }

    /// When bytes `off..off + last + 4` of object `obj` are all in bounds for `lane`: the
    /// buffer's words, or the local-memory index of the object's word 0 for that lane.
    fn in_bounds(&self, obj: u32, off: u32, last: u32, lane: usize) -> Option<Span<'a>> {
        if off == POISON {
            return None;
        }
        let end = u64::from(off) + u64::from(last) + 4;
        match self.object(obj)? {
            // The sanitizer watches every access to buffers and workgroup memory (`read`,
            // `write`, `atomic`).
            Obj::Buffer { .. } if self.sanitize => None,
            Obj::Buffer { slot } => {
                let buf = self.slots[slot].0;
                (end <= buf.len().div_ceil(4) as u64 * 4).then_some(Span::Buffer(&buf.words))
            }
            Obj::Workgroup { .. } if !self.races.is_empty() => None,
            Obj::Workgroup { base, words } => (end <= u64::from(words) * 4).then_some(Span::Local(base as usize)),
            Obj::Lane { base, words } => (end <= u64::from(words) * 4).then(|| {
                Span::Local(self.prog.wg_words as usize + lane * self.prog.lane_words as usize + base as usize)
            }),
        }
    }

    /// An `OpGroupNonUniform*` operation ([`Inst::Subgroup`]) over `lanes`, the active lanes,
    /// per subgroup (lanes `SUBGROUP_SIZE * s ..`). A lane a shuffle or broadcast names that is
    /// inactive gives what its register holds, one outside the subgroup 0 (both undefined).
    fn subgroup(&mut self, op: SubgroupOp, dst: Id, a: Option<Id>, b: Option<Id>, n: usize, lanes: &[u32]) {
        let l = self.l;
        let mut d = std::mem::take(&mut self.regs[dst as usize]);
        let r = &self.regs;
        let val = |id: Option<Id>, k: usize, j: usize| id.and_then(|id| r[id as usize].get(k * l + j).copied()).unwrap_or(0);
        let words_of = |id: Option<Id>| id.map_or(0, |id| r[id as usize].len() / l.max(1));
        // A lane of `i`'s subgroup by its index there, taken modulo the subgroup size (an index
        // past the subgroup is undefined; lavapipe gives the wrapped lane for a shuffle up past
        // lane 0, not for one down past the last); `None` past a partial subgroup.
        let member = |i: usize, index: u32| -> Option<usize> {
            let at = i / SUBGROUP_SIZE * SUBGROUP_SIZE + (index as usize & (SUBGROUP_SIZE - 1));
            (at < l).then_some(at)
        };
        // The ballot bits of lane `j`'s operand (`a`), within the subgroup.
        let ballot_of = |j: usize| -> u128 {
            let bits = (0..4).fold(0u128, |acc, k| acc | u128::from(val(a, k, j)) << (32 * k));
            bits & ((1u128 << SUBGROUP_SIZE) - 1)
        };
        for group in lanes.chunk_by(|x, y| *x as usize / SUBGROUP_SIZE == *y as usize / SUBGROUP_SIZE) {
            let first = group[0] as usize;
            let base = first / SUBGROUP_SIZE * SUBGROUP_SIZE;
            let truth = |t: bool| u32::from(t);
            for &i in group {
                let i = i as usize;
                let me = i - base;
                let mut set = |k: usize, v: u32| d[k * l + i] = v;
                match op {
                    SubgroupOp::Elect => set(0, truth(i == first)),
                    SubgroupOp::All => set(0, truth(group.iter().all(|&j| val(a, 0, j as usize) != 0))),
                    SubgroupOp::Any => set(0, truth(group.iter().any(|&j| val(a, 0, j as usize) != 0))),
                    SubgroupOp::AllEqual => {
                        let same = group.iter().all(|&j| (0..words_of(a)).all(|k| val(a, k, j as usize) == val(a, k, first)));
                        set(0, truth(same));
                    }
                    SubgroupOp::Broadcast | SubgroupOp::BroadcastFirst | SubgroupOp::Shuffle | SubgroupOp::ShuffleXor
                    | SubgroupOp::ShuffleUp | SubgroupOp::ShuffleDown | SubgroupOp::QuadBroadcast | SubgroupOp::QuadSwap => {
                        let x = val(b, 0, i);
                        let index = match op {
                            SubgroupOp::BroadcastFirst => Some(first as u32 - base as u32),
                            SubgroupOp::Broadcast | SubgroupOp::Shuffle => Some(x),
                            SubgroupOp::ShuffleXor => Some(me as u32 ^ x),
                            SubgroupOp::ShuffleUp => Some((me as u32).wrapping_sub(x)),
                            SubgroupOp::QuadBroadcast => Some((me as u32 & !3) + (x & 3)),
                            SubgroupOp::QuadSwap => Some(me as u32 ^ (x + 1).min(3)),
                            _ => Some((me as u32).wrapping_add(x)),
                        };
                        let src = index.and_then(|index| member(i, index));
                        for k in 0..n {
                            set(k, src.map_or(0, |j| val(a, k, j)));
                        }
                    }
                    SubgroupOp::Ballot => {
                        let bits = group.iter().filter(|&&j| val(a, 0, j as usize) != 0).fold(0u128, |acc, &j| acc | 1 << (j as usize - base));
                        for k in 0..4 {
                            set(k, (bits >> (32 * k)) as u32);
                        }
                    }
                    SubgroupOp::InverseBallot => set(0, truth(ballot_of(i) >> me & 1 != 0)),
                    SubgroupOp::BallotBitExtract => {
                        let bit = val(b, 0, i);
                        set(0, truth(bit < 128 && (0..4).fold(0u128, |acc, k| acc | u128::from(val(a, k, i)) << (32 * k)) >> bit & 1 != 0));
                    }
                    SubgroupOp::BallotBitCount(scan) => {
                        let below = match scan {
                            Scan::Inclusive => (1u128 << (me + 1)) - 1,
                            Scan::Exclusive => (1u128 << me) - 1,
                            Scan::Reduce | Scan::Clustered => u128::MAX,
                        };
                        set(0, (ballot_of(i) & below).count_ones());
                    }
                    SubgroupOp::BallotFindLsb => set(0, ballot_of(i).trailing_zeros().min(127)),
                    SubgroupOp::BallotFindMsb => set(0, 127u32.saturating_sub(ballot_of(i).leading_zeros())),
                    SubgroupOp::Arith { op, identity, scan } => {
                        let f = bin(op);
                        let cluster = val(b, 0, i).max(1) as usize;
                        let takes = |j: usize| match scan {
                            Scan::Reduce => true,
                            Scan::Inclusive => j <= i,
                            Scan::Exclusive => j < i,
                            Scan::Clustered => (j - base) / cluster == me / cluster,
                        };
                        for k in 0..n {
                            let v = group.iter().map(|&j| j as usize).filter(|&j| takes(j)).fold(identity, |acc, j| f(acc, val(a, k, j)));
                            set(k, v);
                        }
                    }
                }
            }
        }
        self.regs[dst as usize] = d;
    }

    /// Where word `off / 4` of object `obj` lives for `lane`: a buffer word or a local index.
    fn locate(&mut self, obj: u32, off: u32, lane: usize, write: bool) -> Option<Loc> {
        let word = (off / 4) as usize;
        match &self.object(obj)? {
            Obj::Buffer { slot } => {
                let (buf, set, binding) = self.slots[*slot];
                if off == POISON {
                    // An index out of bounds, already reported by the access chain.
                    return None;
                }
                if off as usize + 4 > buf.len().div_ceil(4) * 4 {
                    let kind = FindingKind::BufferOutOfBounds {
                        set,
                        binding,
                        byte_offset: u64::from(off),
                        len: buf.len() as u64,
                        write,
                    };
                    self.report(lane, kind);
                    return None;
                }
                Some(Loc::Buffer(*slot, word))
            }
            Obj::Workgroup { base, words } => (word < *words as usize).then(|| Loc::Local(*base as usize + word)),
            Obj::Lane { base, words } => (word < *words as usize).then(|| {
                Loc::Local(self.prog.wg_words as usize + lane * self.prog.lane_words as usize + *base as usize + word)
            }),
        }
    }

    fn read(&mut self, obj: u32, off: u32, lane: usize) -> u32 {
        match self.locate(obj, off, lane, false) {
            Some(Loc::Buffer(slot, w)) => {
                self.track_buffer(slot, w, lane, Access::Read);
                self.slots[slot].0.words[w].load(Ordering::Relaxed)
            }
            Some(Loc::Local(w)) => {
                self.check_written(w, lane);
                self.track(w, lane, Access::Read);
                self.local[w]
            }
            None => 0,
        }
    }

    /// Reads memory leaf `leaf` of the value at byte `off` of object `obj`: a word, or
    /// ([`PART_1`], [`PART_2`]) a byte or two of one, zero-extended. Such narrow scalars are
    /// buffer memory only (explicit layouts), and the sanitizer's race records are per word:
    /// their accesses are checked for bounds but not followed for races (two invocations
    /// writing the two halves of a word do not race).
    fn read_leaf(&mut self, obj: u32, off: u32, leaf: u32, lane: usize) -> u32 {
        let Some((at, bits)) = part(off, leaf) else {
            return self.read(obj, off.saturating_add(leaf), lane);
        };
        if off == POISON {
            return 0;
        }
        let word = match self.locate(obj, at & !3, lane, false) {
            Some(Loc::Buffer(slot, w)) => self.slots[slot].0.words[w].load(Ordering::Relaxed),
            Some(Loc::Local(w)) => self.local[w],
            None => 0,
        };
        (word >> (8 * (at & 3))) & bits
    }

    /// Writes `v` to memory leaf `leaf` of the value at byte `off` of object `obj` (a narrow
    /// scalar's bits only: other invocations may write the rest of the word at the same time).
    fn write_leaf(&mut self, obj: u32, off: u32, leaf: u32, lane: usize, v: u32) {
        let Some((at, bits)) = part(off, leaf) else {
            return self.write(obj, off.saturating_add(leaf), lane, v);
        };
        if off == POISON || (self.helper[lane] && self.shared(obj)) {
            return;
        }
        let (v, bits) = (v << (8 * (at & 3)), bits << (8 * (at & 3)));
        match self.locate(obj, at & !3, lane, true) {
            Some(Loc::Buffer(slot, w)) => {
                let word = &self.slots[slot].0.words[w];
                word.fetch_and(!bits, Ordering::Relaxed);
                word.fetch_or(v & bits, Ordering::Relaxed);
            }
            Some(Loc::Local(w)) => self.local[w] = (self.local[w] & !bits) | (v & bits),
            None => {}
        }
    }

    /// Whether object `obj` is memory other invocations see (a buffer or workgroup memory),
    /// which helper lanes do not write.
    fn shared(&self, obj: u32) -> bool {
        !matches!(self.object(obj), Some(Obj::Lane { .. }) | None)
    }

    /// Memory object `obj`: one of the program's, or a buffer slot reached through a device
    /// address ([`address::ADDRESSED`]).
    #[inline]
    fn object(&self, obj: u32) -> Option<Obj> {
        match self.prog.objs.get(obj as usize) {
            Some(o) => Some(*o),
            None => address::slot(obj).filter(|&slot| slot < self.slots.len()).map(|slot| Obj::Buffer { slot }),
        }
    }

    fn write(&mut self, obj: u32, off: u32, lane: usize, v: u32) {
        if self.helper[lane] && self.shared(obj) {
            return;
        }
        match self.locate(obj, off, lane, true) {
            Some(Loc::Buffer(slot, w)) => {
                self.track_buffer(slot, w, lane, Access::Write);
                self.slots[slot].0.words[w].store(v, Ordering::Relaxed)
            }
            Some(Loc::Local(w)) => {
                self.track(w, lane, Access::Write);
                self.local[w] = v;
            }
            None => {}
        }
    }

    fn atomic(&mut self, op: Op, obj: u32, off: u32, lane: usize, x: u32, y: u32) -> u32 {
        // A helper's atomic has no effect and returns an undefined value (Vulkan "Helper
        // Invocations"): here the current one.
        let op = if self.helper[lane] && self.shared(obj) { Op::AtomicLoad } else { op };
        let write = op != Op::AtomicLoad;
        match self.locate(obj, off, lane, write) {
            Some(Loc::Buffer(slot, w)) => {
                self.track_buffer(slot, w, lane, Access::Atomic);
                atomic_word(&self.slots[slot].0.words[w], op, x, y)
            }
            Some(Loc::Local(w)) => {
                if op == Op::AtomicStore {
                    if let Some(b) = self.written.get_mut(w) {
                        *b = true;
                    }
                } else {
                    self.check_written(w, lane);
                }
                self.track(w, lane, Access::Atomic);
                // Lanes of a workgroup run one after another on this thread: plain memory.
                let cell = AtomicU32::new(self.local[w]);
                let old = atomic_word(&cell, op, x, y);
                self.local[w] = cell.into_inner();
                old
            }
            None => 0,
        }
    }
}

/// What a binding holds for the image instructions.
#[derive(Clone, Copy)]
pub(crate) enum Handle<'a> {
    None,
    /// The image and its (set, binding), for the sanitizer.
    Image(&'a Image, u32, u32),
    Sampler(&'a Sampler),
}

/// Writes lane `i`'s sampled `texel` into the result register `d` of sample `s` (after the
/// residency code of a sparse sample).
#[inline]
fn put_texel(d: &mut [u32], l: usize, i: usize, s: &SampleInst, texel: [u32; 4]) {
    let at = usize::from(s.sparse);
    if s.sparse {
        d[i] = 0;
    }
    for k in 0..s.n as usize {
        d[(at + k) * l + i] = texel[k];
    }
}

/// Whether a sample's level of detail can change its result: it selects the level and, for a
/// sampler whose minification and magnification filters differ, the filter (Vulkan "Texel
/// Filtering"); a gather uses neither. With one level and one filter it need not be computed.
fn lod_matters(image: &Image, sampler: &Sampler, gather: bool) -> bool {
    !gather && (image.levels() > 1 || sampler.min_filter != sampler.mag_filter)
}

/// The level of detail of explicit gradients (Vulkan "Scale Factor Operation": the longer of
/// the two scaled gradient vectors, λ = log2 ρ, computed as llvmpipe does: half the fast log2
/// of ρ², [`crate::image::fast_log2`]).
fn grad_lod(image: &Image, dims: usize, dx: impl Fn(usize) -> f32, dy: impl Fn(usize) -> f32) -> f32 {
    let size = image.size();
    let squared = |g: &dyn Fn(usize) -> f32| (0..dims).map(|k| (g(k) * size[k] as f32).powi(2)).sum::<f32>();
    0.5 * crate::image::fast_log2(squared(&dx).max(squared(&dy)))
}

/// The byte offset and bit mask of a memory leaf narrower than a word at value offset `off`
/// (`None`: a whole word).
fn part(off: u32, leaf: u32) -> Option<(u32, u32)> {
    let bits = match leaf & (PART_1 | PART_2) {
        0 => return None,
        PART_1 => 0xFF,
        _ => 0xFFFF,
    };
    Some((off.saturating_add(leaf & !(PART_1 | PART_2)), bits))
}

enum Loc {
    Buffer(usize, usize),
    Local(usize),
}

enum Span<'a> {
    Buffer(&'a [AtomicU32]),
    Local(usize),
}

/// One atomic read-modify-write (SPIR-V §3.42.18); returns the original value.
fn atomic_word(cell: &AtomicU32, op: Op, x: u32, y: u32) -> u32 {
    let o = Ordering::SeqCst;
    let update = |f: &dyn Fn(u32) -> u32| cell.fetch_update(o, o, |v| Some(f(v))).unwrap_or(0);
    match op {
        Op::AtomicLoad => cell.load(o),
        Op::AtomicStore => {
            cell.store(x, o);
            0
        }
        Op::AtomicExchange => cell.swap(x, o),
        Op::AtomicCompareExchange => match cell.compare_exchange(y, x, o, o) {
            Ok(v) | Err(v) => v,
        },
        Op::AtomicIIncrement => cell.fetch_add(1, o),
        Op::AtomicIDecrement => cell.fetch_sub(1, o),
        Op::AtomicIAdd => cell.fetch_add(x, o),
        Op::AtomicISub => cell.fetch_sub(x, o),
        Op::AtomicUMin => cell.fetch_min(x, o),
        Op::AtomicUMax => cell.fetch_max(x, o),
        Op::AtomicSMin => update(&|v| (v as i32).min(x as i32) as u32),
        Op::AtomicSMax => update(&|v| (v as i32).max(x as i32) as u32),
        Op::AtomicAnd => cell.fetch_and(x, o),
        Op::AtomicOr => cell.fetch_or(x, o),
        Op::AtomicXor => cell.fetch_xor(x, o),
        // f32 min and max return the other operand of a NaN (SPV_EXT_shader_atomic_float_min_max).
        Op::AtomicFAddEXT => update(&|v| (f32::from_bits(v) + f32::from_bits(x)).to_bits()),
        Op::AtomicFMinEXT => update(&|v| f32::from_bits(v).min(f32::from_bits(x)).to_bits()),
        Op::AtomicFMaxEXT => update(&|v| f32::from_bits(v).max(f32::from_bits(x)).to_bits()),
        _ => 0,
    }
}
