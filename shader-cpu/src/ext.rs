//! GLSL.std.450 instructions that do not map component-wise (geometric, matrix, packing,
//! modf/frexp) and the core bit-field instructions, evaluated one lane at a time. The numbers
//! are the extended instruction set's (GLSL.std.450 specification, "Binary Form").

use crate::decode::{EXT_BITFIELD_INSERT, EXT_BITFIELD_SEXTRACT, EXT_BITFIELD_UEXTRACT};

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

fn fv(v: &[u32]) -> Vec<f32> {
    v.iter().map(|&x| f(x)).collect()
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn put(out: &mut [u32], v: &[f32]) {
    for (o, x) in out.iter_mut().zip(v) {
        *o = x.to_bits();
    }
}

/// `out` has the result's words; `args` each argument's words.
pub(crate) fn eval(op: u32, args: &[Vec<u32>], out: &mut [u32]) {
    let a = |i: usize| fv(&args[i]);
    match op {
        33 => {
            let m = a(0);
            out[0] = determinant(&m).to_bits();
        }
        34 => put(out, &inverse(&a(0))),
        // ModfStruct: { fract, whole }.
        36 => {
            let x = a(0);
            let n = x.len();
            for (k, v) in x.iter().enumerate() {
                out[n + k] = v.trunc().to_bits();
                out[k] = (v - v.trunc()).to_bits();
            }
        }
        // FrexpStruct: { significand, exponent }.
        52 => {
            let x = a(0);
            let n = x.len();
            for (k, &v) in x.iter().enumerate() {
                let (m, e) = frexp(v);
                out[k] = m.to_bits();
                out[n + k] = e as u32;
            }
        }
        54 => out[0] = pack(&a(0), 8, |v| (v.clamp(-1.0, 1.0) * 127.0).round() as i32 as u32 & 0xFF),
        55 => out[0] = pack(&a(0), 8, |v| (v.clamp(0.0, 1.0) * 255.0).round() as u32),
        56 => out[0] = pack(&a(0), 16, |v| (v.clamp(-1.0, 1.0) * 32767.0).round() as i32 as u32 & 0xFFFF),
        57 => out[0] = pack(&a(0), 16, |v| (v.clamp(0.0, 1.0) * 65535.0).round() as u32),
        58 => out[0] = pack(&a(0), 16, |v| u32::from(f32_to_f16(v))),
        60 => put(out, &unpack(args[0][0], 16, 2, |b| ((b as u16 as i16) as f32 / 32767.0).clamp(-1.0, 1.0))),
        61 => put(out, &unpack(args[0][0], 16, 2, |b| b as f32 / 65535.0)),
        62 => put(out, &unpack(args[0][0], 16, 2, |b| f16_to_f32(b as u16))),
        63 => put(out, &unpack(args[0][0], 8, 4, |b| ((b as u8 as i8) as f32 / 127.0).clamp(-1.0, 1.0))),
        64 => put(out, &unpack(args[0][0], 8, 4, |b| b as f32 / 255.0)),
        66 => {
            let x = a(0);
            out[0] = dot(&x, &x).sqrt().to_bits();
        }
        67 => {
            let (x, y) = (a(0), a(1));
            let d: Vec<f32> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
            out[0] = dot(&d, &d).sqrt().to_bits();
        }
        68 => {
            let (x, y) = (a(0), a(1));
            put(out, &[x[1] * y[2] - y[1] * x[2], x[2] * y[0] - y[2] * x[0], x[0] * y[1] - y[0] * x[1]]);
        }
        69 => {
            let x = a(0);
            let len = dot(&x, &x).sqrt();
            put(out, &x.iter().map(|v| v / len).collect::<Vec<_>>());
        }
        70 => {
            let (n, i, nref) = (a(0), a(1), a(2));
            let s = if dot(&nref, &i) < 0.0 { 1.0 } else { -1.0 };
            put(out, &n.iter().map(|v| v * s).collect::<Vec<_>>());
        }
        71 => {
            let (i, n) = (a(0), a(1));
            let d = dot(&n, &i);
            put(out, &i.iter().zip(&n).map(|(i, n)| i - 2.0 * d * n).collect::<Vec<_>>());
        }
        72 => {
            let (i, n, eta) = (a(0), a(1), a(2)[0]);
            let d = dot(&n, &i);
            let k = 1.0 - eta * eta * (1.0 - d * d);
            let r: Vec<f32> = if k < 0.0 {
                vec![0.0; i.len()]
            } else {
                i.iter().zip(&n).map(|(i, n)| eta * i - (eta * d + k.sqrt()) * n).collect()
            };
            put(out, &r);
        }
        EXT_BITFIELD_INSERT => {
            let (offset, count) = (args[2][0], args[3][0]);
            let mask = field_mask(offset, count);
            for (k, o) in out.iter_mut().enumerate() {
                *o = (args[0][k] & !mask) | (args[1][k].wrapping_shl(offset) & mask);
            }
        }
        EXT_BITFIELD_SEXTRACT | EXT_BITFIELD_UEXTRACT => {
            let (offset, count) = (args[1][0], args[2][0]);
            for (k, o) in out.iter_mut().enumerate() {
                *o = if count == 0 {
                    0
                } else {
                    let v = args[0][k].wrapping_shr(offset) & field_mask(0, count);
                    if op == EXT_BITFIELD_SEXTRACT && count < 32 && v & (1 << (count - 1)) != 0 {
                        v | !field_mask(0, count)
                    } else {
                        v
                    }
                };
            }
        }
        _ => out.fill(0),
    }
}

fn field_mask(offset: u32, count: u32) -> u32 {
    if count >= 32 {
        u32::MAX.wrapping_shl(offset)
    } else {
        ((1u32 << count) - 1).wrapping_shl(offset)
    }
}

fn pack(v: &[f32], bits: u32, conv: impl Fn(f32) -> u32) -> u32 {
    v.iter().enumerate().fold(0, |acc, (k, &x)| acc | (conv(x) << (bits * k as u32)))
}

fn unpack(w: u32, bits: u32, n: u32, conv: impl Fn(u32) -> f32) -> Vec<f32> {
    let mask = (1u32 << bits) - 1;
    (0..n).map(|k| conv((w >> (bits * k)) & mask)).collect()
}

fn frexp(v: f32) -> (f32, i32) {
    if v == 0.0 || !v.is_finite() {
        return (v, 0);
    }
    let bits = v.to_bits();
    let exp = ((bits >> 23) & 0xFF) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(v * (1u64 << 32) as f32);
        return (m, e - 32);
    }
    let m = f32::from_bits((bits & 0x807F_FFFF) | (126 << 23));
    (m, exp - 126)
}

/// The arithmetic [`determinant`] and [`inverse`] need: f32 here, f64 for 64-bit matrices
/// (`crate::widths`).
pub(crate) trait Real: Copy + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self> + std::ops::Mul<Output = Self> + std::ops::Div<Output = Self> + std::iter::Sum + From<i8> {}

impl Real for f32 {}
impl Real for f64 {}

fn dim<T>(m: &[T]) -> usize {
    match m.len() {
        4 => 2,
        9 => 3,
        _ => 4,
    }
}

/// The determinant of a column-major square matrix.
pub(crate) fn determinant<T: Real>(m: &[T]) -> T {
    let n = dim(m);
    let e = |c: usize, r: usize| m[c * n + r];
    match n {
        2 => e(0, 0) * e(1, 1) - e(1, 0) * e(0, 1),
        3 => {
            e(0, 0) * (e(1, 1) * e(2, 2) - e(2, 1) * e(1, 2)) - e(1, 0) * (e(0, 1) * e(2, 2) - e(2, 1) * e(0, 2))
                + e(2, 0) * (e(0, 1) * e(1, 2) - e(1, 1) * e(0, 2))
        }
        _ => (0..4)
            .map(|c| {
                let minor: Vec<T> = (0..4).filter(|&k| k != c).flat_map(|k| (1..4).map(move |r| m[k * 4 + r])).collect();
                let s = T::from(if c % 2 == 0 { 1 } else { -1 });
                s * e(c, 0) * determinant(&minor)
            })
            .sum(),
    }
}

/// The inverse of a column-major square matrix: the adjugate divided by the determinant.
pub(crate) fn inverse<T: Real>(m: &[T]) -> Vec<T> {
    let n = dim(m);
    let det = determinant(m);
    let mut out = vec![T::from(0); n * n];
    // inverse = adjugate / det; adj[c][r] = cofactor of element (row c, column r).
    for c in 0..n {
        for r in 0..n {
            let minor: Vec<T> = (0..n)
                .filter(|&k| k != r)
                .flat_map(|k| (0..n).filter(move |&q| q != c).map(move |q| m[k * n + q]))
                .collect();
            let s = T::from(if (r + c) % 2 == 0 { 1 } else { -1 });
            let cof = if n == 2 { minor[0] } else { determinant(&minor) };
            out[c * n + r] = s * cof / det;
        }
    }
    out
}

/// Round to nearest even f16 (IEEE 754 binary16), with overflow to infinity.
pub(crate) fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xFF) as i32;
    let mant = bits & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1FFF;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1F);
    let mant = u32::from(h & 0x3FF);
    let bits = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: value m * 2^-24.
            return f32::from_bits(sign) + (m as f32) * 2f32.powi(-24) * if sign != 0 { -1.0 } else { 1.0 };
        }
        (31, 0) => sign | 0x7F80_0000,
        (31, m) => sign | 0x7F80_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}
