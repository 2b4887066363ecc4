//! Scalars of 8, 16 and 64 bits ([`crate::decode::Inst::Typed`]): arithmetic, comparisons,
//! conversions, bitcasts, dynamic vector indexing, matrix products and GLSL.std.450 over
//! them, evaluated lane by lane on each component's bits, so the 32-bit instructions keep
//! their own loops over the lanes.
//!
//! Registers hold an 8- or 16-bit scalar's bits zero-extended in a word, a 64-bit scalar in
//! two words (low first). Integer results wrap to their width. Floating-point operations are
//! computed in f64 and rounded to the result's width after each step; f64 is wide enough that
//! one f64 operation rounded to f16 or f32 is that operation correctly rounded (at least twice
//! the precision plus two bits). Sums of products (dot and matrix products, lengths) are
//! fused multiply-adds rounded once, as lavapipe computes them (Mesa fuses the multiplies
//! into `ffma`): an f16 `dot(h, vec2(0.5, 0.75))` rounded per step is one f16 step off
//! lavapipe's.

use spirv::Op;

use crate::ext::{f16_to_f32, f32_to_f16};

/// The type of a scalar component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Bool,
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

impl Scalar {
    /// Register words per component.
    pub(crate) fn words(self) -> usize {
        if self.width() == 64 {
            2
        } else {
            1
        }
    }

    pub(crate) fn width(self) -> u32 {
        match self {
            Scalar::Bool => 1,
            Scalar::Int { width, .. } | Scalar::Float { width } => width,
        }
    }
}

/// What a [`Typed`] instruction computes: a core instruction, a GLSL.std.450 one (its
/// number), or a matrix product, outer product or transpose of the given shape (column-major;
/// a vector is a one-column or one-row matrix).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TOp {
    Core(Op),
    Glsl(u32),
    MatMul { rows: u32, inner: u32, cols: u32 },
    Outer { rows: u32, cols: u32 },
    Transpose { rows: u32, cols: u32 },
}

/// An instruction over scalars of other widths than 32 bits.
#[derive(Clone, Debug)]
pub(crate) struct Typed {
    pub op: TOp,
    pub dst: crate::decode::Id,
    /// Each operand: register, scalar type, components.
    pub args: Vec<(crate::decode::Id, Scalar, u32)>,
    /// The result's scalar types, component by component.
    pub out: Vec<Scalar>,
}

pub(crate) fn mask(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

fn sext(v: u64, width: u32) -> i64 {
    if width >= 64 {
        v as i64
    } else {
        ((v << (64 - width)) as i64) >> (64 - width)
    }
}

fn to_f64(v: u64, width: u32) -> f64 {
    match width {
        16 => f64::from(f16_to_f32(v as u16)),
        32 => f64::from(f32::from_bits(v as u32)),
        _ => f64::from_bits(v),
    }
}

pub(crate) fn from_f64(x: f64, width: u32) -> u64 {
    match width {
        16 => u64::from(f64_to_f16(x)),
        32 => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    }
}

/// f64 to binary16, rounded to nearest even once: through f32 rounded to odd (truncated, the
/// last bit set when inexact), which keeps enough bits for the second rounding to be exact.
pub(crate) fn f64_to_f16(x: f64) -> u16 {
    let y = x as f32;
    let mut bits = y.to_bits();
    if y.is_finite() && f64::from(y) != x {
        if f64::from(y).abs() > x.abs() {
            bits -= 1;
        }
        bits |= 1;
    }
    f32_to_f16(f32::from_bits(bits))
}

/// Runs `t` for `lanes` (registers `r`, `l` lanes, result register `d`). Kept out of line:
/// the 32-bit instructions' dispatch stays as small as before.
#[cold]
#[inline(never)]
pub(crate) fn run(t: &Typed, d: &mut [u32], r: &[Vec<u32>], l: usize, lanes: &[u32]) {
    let mut vals: Vec<Vec<u64>> = t.args.iter().map(|a| Vec::with_capacity(a.2 as usize)).collect();
    let scalars: Vec<Scalar> = t.args.iter().map(|a| a.1).collect();
    let mut res = Vec::with_capacity(t.out.len());
    for &i in lanes {
        let i = i as usize;
        for (v, &(id, scalar, comps)) in vals.iter_mut().zip(&t.args) {
            v.clear();
            let (reg, w) = (&r[id as usize], scalar.words());
            for c in 0..comps as usize {
                let word = |k: usize| u64::from(reg.get((c * w + k) * l + i).copied().unwrap_or(0));
                v.push(if w == 2 { word(0) | word(1) << 32 } else { word(0) });
            }
        }
        res.clear();
        eval(t.op, &scalars, &vals, &t.out, &mut res);
        let mut at = 0;
        for (k, s) in t.out.iter().enumerate() {
            let v = res.get(k).copied().unwrap_or(0);
            d[at * l + i] = v as u32;
            if s.words() == 2 {
                d[(at + 1) * l + i] = (v >> 32) as u32;
            }
            at += s.words();
        }
    }
}

/// One lane's operands: each one's components (`v`) and scalar type (`sc`).
struct Operands<'a> {
    sc: &'a [Scalar],
    v: &'a [Vec<u64>],
}

impl Operands<'_> {
    /// Component `k` of operand `a` (a scalar operand serves every component).
    fn at(&self, a: usize, k: usize) -> u64 {
        let x = &self.v[a];
        x.get(if x.len() == 1 { 0 } else { k }).copied().unwrap_or(0)
    }

    fn float(&self, a: usize, k: usize) -> f64 {
        to_f64(self.at(a, k), self.sc[a].width())
    }

    fn signed(&self, a: usize, k: usize) -> i64 {
        sext(self.at(a, k), self.sc[a].width())
    }

    fn unsigned(&self, a: usize, k: usize) -> u64 {
        mask(self.at(a, k), self.sc[a].width())
    }
}

/// The result components of `op` over the operands' components `v` (of scalar types `sc`).
pub(crate) fn eval(op: TOp, sc: &[Scalar], v: &[Vec<u64>], out: &[Scalar], res: &mut Vec<u64>) {
    let n = out.len();
    let o = Operands { sc, v };
    let (at, fa, sa, ua) = (|a, k| o.at(a, k), |a, k| o.float(a, k), |a, k| o.signed(a, k), |a, k| o.unsigned(a, k));
    let w = out.first().map_or(32, |s| s.width());
    let ow = |k: usize| out[k].width();
    // Rounding to the result's float width.
    let q = |x: f64| to_f64(from_f64(x, w), w);
    let fl = |x: f64| from_f64(x, w);
    let bits = |x: bool| u64::from(x);
    let comps = |f: &dyn Fn(usize) -> u64, res: &mut Vec<u64>| res.extend((0..n).map(f));
    match op {
        TOp::Core(op) => match op {
            Op::SNegate => comps(&|k| mask(0u64.wrapping_sub(ua(0, k)), ow(k)), res),
            Op::FNegate => comps(&|k| at(0, k) ^ (1 << (ow(k) - 1)), res),
            Op::Not => comps(&|k| mask(!at(0, k), ow(k)), res),
            Op::IAdd => comps(&|k| mask(ua(0, k).wrapping_add(ua(1, k)), ow(k)), res),
            Op::ISub => comps(&|k| mask(ua(0, k).wrapping_sub(ua(1, k)), ow(k)), res),
            Op::IMul => comps(&|k| mask(ua(0, k).wrapping_mul(ua(1, k)), ow(k)), res),
            // Division by zero is undefined: 0, as the 32-bit instructions give.
            Op::UDiv => comps(&|k| ua(0, k).checked_div(ua(1, k)).unwrap_or(0), res),
            Op::UMod => comps(&|k| ua(0, k).checked_rem(ua(1, k)).unwrap_or(0), res),
            Op::SDiv => comps(
                &|k| {
                    let (x, y) = (sa(0, k), sa(1, k));
                    mask(if y == 0 { 0 } else { x.wrapping_div(y) } as u64, ow(k))
                },
                res,
            ),
            Op::SRem => comps(&|k| mask(sa(0, k).checked_rem(sa(1, k)).unwrap_or(0) as u64, ow(k)), res),
            Op::SMod => comps(
                &|k| {
                    let (x, y) = (sa(0, k), sa(1, k));
                    let r = x.checked_rem(y).unwrap_or(0);
                    mask((if r != 0 && (r < 0) != (y < 0) { r + y } else { r }) as u64, ow(k))
                },
                res,
            ),
            Op::FAdd => comps(&|k| fl(fa(0, k) + fa(1, k)), res),
            Op::FSub => comps(&|k| fl(fa(0, k) - fa(1, k)), res),
            Op::FMul | Op::VectorTimesScalar | Op::MatrixTimesScalar => comps(&|k| fl(fa(0, k) * fa(1, k)), res),
            Op::FDiv => comps(&|k| fl(fa(0, k) / fa(1, k)), res),
            Op::FRem => comps(&|k| fl(fa(0, k) % fa(1, k)), res),
            Op::FMod => comps(
                &|k| {
                    let (x, y) = (fa(0, k), fa(1, k));
                    fl(x - q(y * q(q(x / y).floor())))
                },
                res,
            ),
            Op::ShiftLeftLogical => comps(&|k| mask(ua(0, k).wrapping_shl(ua(1, k) as u32), ow(k)), res),
            Op::ShiftRightLogical => comps(&|k| ua(0, k).wrapping_shr(ua(1, k) as u32), res),
            Op::ShiftRightArithmetic => comps(&|k| mask(sa(0, k).wrapping_shr(ua(1, k) as u32) as u64, ow(k)), res),
            Op::BitwiseAnd => comps(&|k| at(0, k) & at(1, k), res),
            Op::BitwiseOr => comps(&|k| at(0, k) | at(1, k), res),
            Op::BitwiseXor => comps(&|k| at(0, k) ^ at(1, k), res),
            Op::IEqual => comps(&|k| bits(ua(0, k) == ua(1, k)), res),
            Op::INotEqual => comps(&|k| bits(ua(0, k) != ua(1, k)), res),
            Op::UGreaterThan => comps(&|k| bits(ua(0, k) > ua(1, k)), res),
            Op::UGreaterThanEqual => comps(&|k| bits(ua(0, k) >= ua(1, k)), res),
            Op::ULessThan => comps(&|k| bits(ua(0, k) < ua(1, k)), res),
            Op::ULessThanEqual => comps(&|k| bits(ua(0, k) <= ua(1, k)), res),
            Op::SGreaterThan => comps(&|k| bits(sa(0, k) > sa(1, k)), res),
            Op::SGreaterThanEqual => comps(&|k| bits(sa(0, k) >= sa(1, k)), res),
            Op::SLessThan => comps(&|k| bits(sa(0, k) < sa(1, k)), res),
            Op::SLessThanEqual => comps(&|k| bits(sa(0, k) <= sa(1, k)), res),
            Op::FOrdEqual => comps(&|k| bits(fa(0, k) == fa(1, k)), res),
            Op::FOrdNotEqual => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_some_and(|o| o.is_ne())), res),
            Op::FOrdLessThan => comps(&|k| bits(fa(0, k) < fa(1, k)), res),
            Op::FOrdGreaterThan => comps(&|k| bits(fa(0, k) > fa(1, k)), res),
            Op::FOrdLessThanEqual => comps(&|k| bits(fa(0, k) <= fa(1, k)), res),
            Op::FOrdGreaterThanEqual => comps(&|k| bits(fa(0, k) >= fa(1, k)), res),
            Op::FUnordEqual => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_none_or(|o| o.is_eq())), res),
            Op::FUnordNotEqual => comps(&|k| bits(fa(0, k) != fa(1, k)), res),
            Op::FUnordLessThan => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_none_or(|o| o.is_lt())), res),
            Op::FUnordGreaterThan => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_none_or(|o| o.is_gt())), res),
            Op::FUnordLessThanEqual => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_none_or(|o| o.is_le())), res),
            Op::FUnordGreaterThanEqual => comps(&|k| bits(fa(0, k).partial_cmp(&fa(1, k)).is_none_or(|o| o.is_ge())), res),
            Op::IsNan => comps(&|k| bits(fa(0, k).is_nan()), res),
            Op::IsInf => comps(&|k| bits(fa(0, k).is_infinite()), res),
            Op::BitReverse => comps(&|k| ua(0, k).reverse_bits() >> (64 - sc[0].width()), res),
            Op::BitCount => comps(&|k| mask(u64::from(ua(0, k).count_ones()), ow(k)), res),
            Op::BitFieldInsert => comps(
                &|k| {
                    let field = field_mask(ua(2, 0) as u32, ua(3, 0) as u32);
                    (at(0, k) & !field) | (at(1, k).wrapping_shl(ua(2, 0) as u32) & field)
                },
                res,
            ),
            Op::BitFieldSExtract | Op::BitFieldUExtract => comps(
                &|k| {
                    let (offset, count) = (ua(1, 0) as u32, ua(2, 0) as u32);
                    if count == 0 {
                        return 0;
                    }
                    let v = at(0, k).wrapping_shr(offset) & field_mask(0, count);
                    if op == Op::BitFieldSExtract {
                        mask(sext(v, count) as u64, ow(k))
                    } else {
                        v
                    }
                },
                res,
            ),
            Op::ConvertFToU => comps(&|k| mask(fa(0, k) as u64, ow(k)), res),
            Op::ConvertFToS => comps(&|k| mask(fa(0, k) as i64 as u64, ow(k)), res),
            Op::ConvertSToF => comps(&|k| int_to_float(sa(0, k) as f64, sa(0, k) as f32, ow(k)), res),
            Op::ConvertUToF => comps(&|k| int_to_float(ua(0, k) as f64, ua(0, k) as f32, ow(k)), res),
            Op::UConvert => comps(&|k| mask(ua(0, k), ow(k)), res),
            Op::SConvert => comps(&|k| mask(sa(0, k) as u64, ow(k)), res),
            Op::FConvert => comps(&|k| from_f64(fa(0, k), ow(k)), res),
            // The operand's bits, lowest component first, cut into the result's components.
            Op::Bitcast => {
                let (from, to) = (sc[0].width(), w);
                let mut acc: u128 = 0;
                let mut have = 0;
                let mut src = v[0].iter();
                for _ in 0..n {
                    while have < to {
                        let Some(&x) = src.next() else { break };
                        acc |= u128::from(mask(x, from)) << have;
                        have += from;
                    }
                    res.push(mask(acc as u64, to));
                    acc >>= to;
                    have = have.saturating_sub(to);
                }
            }
            Op::Select => comps(&|k| if at(0, k) != 0 { at(1, k) } else { at(2, k) }, res),
            Op::VectorExtractDynamic => res.push(v[0].get(ua(1, 0) as usize).copied().unwrap_or(0)),
            Op::VectorInsertDynamic => {
                let index = ua(2, 0) as usize;
                res.extend(v[0].iter().enumerate().map(|(k, &x)| if k == index { at(1, 0) } else { x }));
            }
            Op::Dot => {
                let count = v[0].len();
                res.push(fl((0..count).fold(0.0, |s, k| fa(0, k).mul_add(fa(1, k), s))));
            }
            _ => res.resize(n, 0),
        },
        TOp::MatMul { rows, inner, cols } => {
            let (rows, inner, cols) = (rows as usize, inner as usize, cols as usize);
            for c in 0..cols {
                for row in 0..rows {
                    res.push(fl((0..inner).fold(0.0, |s, k| fa(0, k * rows + row).mul_add(fa(1, c * inner + k), s))));
                }
            }
        }
        TOp::Outer { rows, cols } => {
            for c in 0..cols as usize {
                for row in 0..rows as usize {
                    res.push(fl(fa(0, row) * fa(1, c)));
                }
            }
        }
        TOp::Transpose { rows, cols } => {
            let (rows, cols) = (rows as usize, cols as usize);
            for row in 0..rows {
                for c in 0..cols {
                    res.push(at(0, c * rows + row));
                }
            }
        }
        TOp::Glsl(ext) => glsl(ext, sc, v, out, res),
    }
}

/// An integer converted to a float of `width` bits, rounded once (`f` its f64 value, `g`
/// its f32 value, each rounded from the integer).
fn int_to_float(f: f64, g: f32, width: u32) -> u64 {
    match width {
        32 => u64::from(g.to_bits()),
        _ => from_f64(f, width),
    }
}

fn field_mask(offset: u32, count: u32) -> u64 {
    let field = if count >= 64 { u64::MAX } else { (1u64 << count) - 1 };
    field.wrapping_shl(offset)
}

/// GLSL.std.450 over 8/16/64-bit scalars (its numbering, as `crate::ext`).
fn glsl(ext: u32, sc: &[Scalar], v: &[Vec<u64>], out: &[Scalar], res: &mut Vec<u64>) {
    let n = out.len();
    let o = Operands { sc, v };
    let (at, fa, sa, ua) = (|a, k| o.at(a, k), |a, k| o.float(a, k), |a, k| o.signed(a, k), |a, k| o.unsigned(a, k));
    let aw = sc.first().map_or(32, |s| s.width());
    let w = out.first().map_or(32, |s| s.width());
    let q = |x: f64| to_f64(from_f64(x, w), w);
    let fl = |x: f64| from_f64(x, w);
    let ow = |k: usize| out[k].width();
    let f1 = |f: &dyn Fn(f64) -> f64, res: &mut Vec<u64>| res.extend((0..n).map(|k| fl(f(fa(0, k)))));
    let f2 = |f: &dyn Fn(f64, f64) -> f64, res: &mut Vec<u64>| res.extend((0..n).map(|k| fl(f(fa(0, k), fa(1, k)))));
    let f3 = |f: &dyn Fn(f64, f64, f64) -> f64, res: &mut Vec<u64>| res.extend((0..n).map(|k| fl(f(fa(0, k), fa(1, k), fa(2, k)))));
    let i1 = |f: &dyn Fn(usize) -> u64, res: &mut Vec<u64>| res.extend((0..n).map(|k| mask(f(k), ow(k))));
    // Vector helpers over operand `a`'s components, each step rounded.
    let vec = |a: usize| -> Vec<f64> { (0..v[a].len()).map(|k| fa(a, k)).collect() };
    let dot = |x: &[f64], y: &[f64]| q(x.iter().zip(y).fold(0.0, |s, (a, b)| a.mul_add(*b, s)));
    // The largest value below 1 (`fract`'s bound).
    let below_one = 1.0
        - 2f64.powi(
            -(match w {
                16 => 11,
                32 => 24,
                _ => 53,
            }),
        );
    let find_msb = |x: u64| {
        if x == 0 {
            u64::MAX
        } else {
            u64::from(63 - x.leading_zeros())
        }
    };
    match ext {
        // Halves to even, as the 32-bit `Round` (`crate::exec::un`).
        1 | 2 => f1(&f64::round_ties_even, res),
        3 => f1(&f64::trunc, res),
        4 => f1(&f64::abs, res),
        5 => i1(&|k| sa(0, k).wrapping_abs() as u64, res),
        6 => f1(
            &|x| {
                if x > 0.0 {
                    1.0
                } else if x < 0.0 {
                    -1.0
                } else {
                    x
                }
            },
            res,
        ),
        7 => i1(&|k| sa(0, k).signum() as u64, res),
        8 => f1(&f64::floor, res),
        9 => f1(&f64::ceil, res),
        10 => f1(&|x| q(x - x.floor()).min(below_one), res),
        11 => f1(&|x| x * (std::f64::consts::PI / 180.0), res),
        12 => f1(&|x| x * (180.0 / std::f64::consts::PI), res),
        13 => f1(&f64::sin, res),
        14 => f1(&f64::cos, res),
        15 => f1(&f64::tan, res),
        16 => f1(&f64::asin, res),
        17 => f1(&f64::acos, res),
        18 => f1(&f64::atan, res),
        19 => f1(&f64::sinh, res),
        20 => f1(&f64::cosh, res),
        21 => f1(&f64::tanh, res),
        22 => f1(&f64::asinh, res),
        23 => f1(&f64::acosh, res),
        24 => f1(&f64::atanh, res),
        25 => f2(&f64::atan2, res),
        26 => f2(&f64::powf, res),
        27 => f1(&f64::exp, res),
        28 => f1(&f64::ln, res),
        29 => f1(&f64::exp2, res),
        30 => f1(&f64::log2, res),
        31 => f1(&f64::sqrt, res),
        32 => f1(&|x| 1.0 / q(x.sqrt()), res),
        33 => {
            res.push(fl(crate::ext::determinant(&vec(0))));
        }
        34 => res.extend(crate::ext::inverse(&vec(0)).into_iter().map(fl)),
        // ModfStruct: { fraction, whole number }; FrexpStruct: { significand, exponent }.
        36 => {
            let x = vec(0);
            res.extend(x.iter().map(|x| fl(x - x.trunc())));
            res.extend(x.iter().map(|x| fl(x.trunc())));
        }
        52 => {
            let x = vec(0);
            let parts: Vec<(f64, i64)> = x.iter().map(|&x| frexp(x)).collect();
            res.extend(parts.iter().map(|p| fl(p.0)));
            res.extend(parts.iter().enumerate().map(|(k, p)| mask(p.1 as u64, ow(x.len() + k))));
        }
        37 | 79 => f2(&f64::min, res),
        40 | 80 => f2(&f64::max, res),
        38 => i1(&|k| ua(0, k).min(ua(1, k)), res),
        39 => i1(&|k| sa(0, k).min(sa(1, k)) as u64, res),
        41 => i1(&|k| ua(0, k).max(ua(1, k)), res),
        42 => i1(&|k| sa(0, k).max(sa(1, k)) as u64, res),
        43 | 81 => f3(&|x, lo, hi| x.max(lo).min(hi), res),
        44 => i1(&|k| ua(0, k).max(ua(1, k)).min(ua(2, k)), res),
        45 => i1(&|k| sa(0, k).max(sa(1, k)).min(sa(2, k)) as u64, res),
        46 => f3(&|x, y, a| q(q(x * q(1.0 - a)) + q(y * a)), res),
        48 => f2(&|edge, x| if x < edge { 0.0 } else { 1.0 }, res),
        49 => f3(
            &|e0, e1, x| {
                let t = q(q(x - e0) / q(e1 - e0)).clamp(0.0, 1.0);
                q(q(t * t) * q(3.0 - q(2.0 * t)))
            },
            res,
        ),
        50 => f3(&f64::mul_add, res),
        53 => res.extend((0..n).map(|k| fl(fa(0, k) * 2f64.powi(sa(1, k) as i32)))),
        59 => res.push(ua(0, 0) | ua(0, 1) << 32),
        65 => res.extend([at(0, 0) & 0xFFFF_FFFF, at(0, 0) >> 32]),
        66 => {
            let x = vec(0);
            res.push(fl(dot(&x, &x).sqrt()));
        }
        67 => {
            let d: Vec<f64> = (0..v[0].len()).map(|k| q(fa(0, k) - fa(1, k))).collect();
            res.push(fl(dot(&d, &d).sqrt()));
        }
        68 => {
            let (x, y) = (vec(0), vec(1));
            let c = |a: usize, b: usize| q(q(x[a] * y[b]) - q(y[a] * x[b]));
            res.extend([c(1, 2), c(2, 0), c(0, 1)].map(fl));
        }
        69 => {
            let x = vec(0);
            let len = q(dot(&x, &x).sqrt());
            res.extend(x.iter().map(|x| fl(x / len)));
        }
        70 => {
            let s = if dot(&vec(2), &vec(1)) < 0.0 { 1.0 } else { -1.0 };
            res.extend(vec(0).iter().map(|x| fl(x * s)));
        }
        71 => {
            let (i, nn) = (vec(0), vec(1));
            let d = dot(&nn, &i);
            res.extend(i.iter().zip(&nn).map(|(i, m)| fl(i - q(q(2.0 * d) * m))));
        }
        72 => {
            let (i, nn, eta) = (vec(0), vec(1), fa(2, 0));
            let d = dot(&nn, &i);
            let k = q(1.0 - q(q(eta * eta) * q(1.0 - q(d * d))));
            if k < 0.0 {
                res.resize(n, fl(0.0));
            } else {
                let s = q(q(eta * d) + q(k.sqrt()));
                res.extend(i.iter().zip(&nn).map(|(i, m)| fl(q(eta * i) - q(s * m))));
            }
        }
        73 => i1(
            &|k| {
                if ua(0, k) == 0 {
                    u64::MAX
                } else {
                    u64::from(ua(0, k).trailing_zeros())
                }
            },
            res,
        ),
        74 => i1(
            &|k| {
                let x = sa(0, k);
                find_msb(mask(if x < 0 { !x } else { x } as u64, aw))
            },
            res,
        ),
        75 => i1(&|k| find_msb(ua(0, k)), res),
        _ => res.resize(n, 0),
    }
}

fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7FF) as i64;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    (f64::from_bits((bits & 0x800F_FFFF_FFFF_FFFF) | (1022 << 52)), exp - 1022)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f64_to_f16_rounds_once() {
        // Halfway between two f16 values in f32 terms after a first rounding to f32, but not
        // in f64: 1 + 2^-11 + 2^-40 must round up to 1 + 2^-10.
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(f64_to_f16(x), 0x3C01);
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3C00);
        assert_eq!(f64_to_f16(65520.0), 0x7C00);
        assert_eq!(f64_to_f16(-2f64.powi(-24)), 0x8001);
    }

    #[test]
    fn narrow_integers_wrap_and_extend() {
        let i16s = Scalar::Int { width: 16, signed: true };
        let mut res = Vec::new();
        eval(TOp::Core(Op::IAdd), &[i16s, i16s], &[vec![0x7FFF], vec![1]], &[i16s], &mut res);
        assert_eq!(res, [0x8000]);
        res.clear();
        let i32s = Scalar::Int { width: 32, signed: true };
        eval(TOp::Core(Op::SConvert), &[i16s], &[vec![0xFFFE]], &[i32s], &mut res);
        assert_eq!(res, [0xFFFF_FFFE]);
        res.clear();
        let u32s = Scalar::Int { width: 32, signed: false };
        let f16 = Scalar::Float { width: 16 };
        eval(TOp::Core(Op::Bitcast), &[f16], &[vec![0x3C00, 0xC000]], &[u32s], &mut res);
        assert_eq!(res, [0xC000_3C00]);
    }
}
