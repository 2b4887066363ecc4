//! The table of WGSL programs `tests/wgsl_exec.rs` runs on the GPU and `tests/cpu_device.rs`
//! runs on the CPU device: sources, buffers, dispatch sizes and results computed independently
//! on the CPU (see `wgsl_exec.rs` for the tolerances).

use super::{bytes_f32, bytes_i32, bytes_u32, BufferBinding as B};

/// One program: its buffers (initial contents), the dispatch, and what some buffers must hold.
pub struct Case {
    pub name: &'static str,
    pub source: &'static str,
    pub bindings: Vec<B>,
    pub workgroups: [u32; 3],
    /// (index into `bindings`, expected final contents)
    pub expect: Vec<(usize, Expect)>,
    /// A known bug outside our code that breaks the SPIR-V paths: (text of the error it causes,
    /// why). When a SPIR-V path fails with that text the case is reported as skipped, not failed.
    pub spirv_known_bug: Option<(&'static str, &'static str)>,
}

pub enum Expect {
    U32(Vec<u32>),
    I32(Vec<i32>),
    /// Expected values, absolute tolerance, relative tolerance.
    F32(Vec<f32>, f32, f32),
    /// The same multiset of values in any order (e.g. atomic tickets).
    U32Unordered(Vec<u32>),
}

pub fn compare(bytes: &[u8], expect: &Expect) -> Result<(), String> {
    fn mismatches<T: std::fmt::Debug>(got: &[T], want: &[T], same: impl Fn(&T, &T) -> bool) -> Result<(), String> {
        let bad: Vec<String> = (0..want.len())
            .filter(|&i| !same(&got[i], &want[i]))
            .take(8)
            .map(|i| format!("[{i}] gpu {:?} cpu {:?}", got[i], want[i]))
            .collect();
        if bad.is_empty() { Ok(()) } else { Err(bad.join(", ")) }
    }
    match expect {
        Expect::U32(want) => mismatches(&super::u32s(bytes), want, |a, b| a == b),
        Expect::I32(want) => mismatches(&super::i32s(bytes), want, |a, b| a == b),
        Expect::F32(want, abs, rel) => {
            mismatches(&super::f32s(bytes), want, |g, w| (g - w).abs() <= abs + rel * w.abs() || (g.is_nan() && w.is_nan()))
        }
        Expect::U32Unordered(want) => {
            let mut got = super::u32s(bytes);
            let mut want = want.clone();
            got.sort_unstable();
            want.sort_unstable();
            mismatches(&got, &want, |a, b| a == b)
        }
    }
}

/// Deterministic pseudo-random numbers (xorshift32), so inputs are varied but reproducible.
pub fn random_u32(seed: u32, n: usize) -> Vec<u32> {
    let mut x = seed.max(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect()
}

/// Floats in `[lo, hi)`.
pub fn random_f32(seed: u32, n: usize, lo: f32, hi: f32) -> Vec<f32> {
    random_u32(seed, n).into_iter().map(|r| lo + (hi - lo) * (r >> 8) as f32 / (1u32 << 24) as f32).collect()
}

pub const N: usize = 64;

pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();

    // ---------------------------------------------------------------- integers
    {
        let a = random_u32(1, N);
        let mut b: Vec<u32> = random_u32(2, N).iter().map(|v| v % 1000).collect();
        for i in (0..N).step_by(8) {
            b[i] = 0; // WGSL: x / 0 == x and x % 0 == 0 for integers.
        }
        let mut out = Vec::new();
        for i in 0..N {
            let (x, y) = (a[i], b[i]);
            out.push(x.wrapping_add(y.wrapping_mul(7)));
            out.push(x.wrapping_sub(y));
            out.push(x.checked_div(y).unwrap_or(x));
            out.push(if y == 0 { 0 } else { x % y });
        }
        cases.push(Case {
            name: "u32_arithmetic",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read> b: array<u32, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 256>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    out[i * 4u] = x + y * 7u;
    out[i * 4u + 1u] = x - y;
    out[i * 4u + 2u] = x / y;
    out[i * 4u + 3u] = x % y;
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage_read(1, bytes_u32(&b)), B::storage(2, vec![0; 4 * 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::U32(out))],
        });
    }
    {
        let mut a: Vec<i32> = random_u32(3, N).iter().map(|&v| v as i32).collect();
        let mut b: Vec<i32> = random_u32(4, N).iter().map(|&v| (v as i32) % 2000 - 1000).collect();
        b[0] = 0;
        a[1] = i32::MIN;
        b[1] = -1; // WGSL: MIN / -1 == MIN and MIN % -1 == 0.
        a[2] = -7;
        b[2] = 2; // Truncating division: -3, remainder -1.
        a[3] = 7;
        b[3] = -2;
        a[4] = i32::MIN; // -MIN and abs(MIN) wrap to MIN.
        let mut out = Vec::new();
        for i in 0..N {
            let (x, y) = (a[i], b[i]);
            out.push(x.wrapping_mul(y).wrapping_add(x));
            out.push(if y == 0 || (x == i32::MIN && y == -1) { x } else { x / y });
            out.push(if y == 0 || (x == i32::MIN && y == -1) { 0 } else { x % y });
            out.push(x.wrapping_neg());
            out.push(x.wrapping_abs());
            out.push(x.min(y));
            out.push(x.max(y));
            out.push(x.clamp(-500, 500));
            out.push(x.signum());
            out.push(x >> 3);
        }
        cases.push(Case {
            name: "i32_arithmetic",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<i32, 64>;
@group(0) @binding(1) var<storage, read> b: array<i32, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<i32, 640>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    let o = i * 10u;
    out[o] = x * y + x;
    out[o + 1u] = x / y;
    out[o + 2u] = x % y;
    out[o + 3u] = -x;
    out[o + 4u] = abs(x);
    out[o + 5u] = min(x, y);
    out[o + 6u] = max(x, y);
    out[o + 7u] = clamp(x, -500, 500);
    out[o + 8u] = sign(x);
    out[o + 9u] = x >> 3u;
}"#,
            bindings: vec![B::storage_read(0, bytes_i32(&a)), B::storage_read(1, bytes_i32(&b)), B::storage(2, vec![0; 4 * 10 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::I32(out))],
        });
    }
    {
        let a = random_u32(5, N);
        let b = random_u32(6, N);
        let mut out = Vec::new();
        for i in 0..N {
            let (x, y) = (a[i], b[i]);
            let s = y % 32;
            out.extend([x & y, x | y, x ^ y, !x, x << s, x >> s, ((x as i32) >> s) as u32, (x as i32 >> 31) as u32]);
        }
        cases.push(Case {
            name: "bitwise_and_shifts",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read> b: array<u32, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 512>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    let s = y % 32u;
    let o = i * 8u;
    out[o] = x & y;
    out[o + 1u] = x | y;
    out[o + 2u] = x ^ y;
    out[o + 3u] = ~x;
    out[o + 4u] = x << s;
    out[o + 5u] = x >> s;
    out[o + 6u] = bitcast<u32>(bitcast<i32>(x) >> s);
    out[o + 7u] = bitcast<u32>(bitcast<i32>(x) >> 31u);
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage_read(1, bytes_u32(&b)), B::storage(2, vec![0; 4 * 8 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::U32(out))],
        });
    }
    {
        let mut a = random_u32(7, N);
        a[0] = 0;
        a[1] = u32::MAX;
        a[2] = 0x8000_0000;
        a[3] = 1;
        for (i, v) in a.iter_mut().enumerate().skip(4).step_by(5) {
            *v >>= i % 31; // Some values with many leading zeros.
        }
        let first_leading_u = |e: u32| if e == 0 { u32::MAX } else { 31 - e.leading_zeros() };
        let first_leading_i = |e: i32| {
            if e == 0 || e == -1 {
                u32::MAX
            } else if e < 0 {
                31 - (!e as u32).leading_zeros()
            } else {
                31 - (e as u32).leading_zeros()
            }
        };
        let mut out = Vec::new();
        for (i, &x) in a.iter().enumerate() {
            // extractBits/insertBits with offset + count <= 32 (WGSL clamps beyond that).
            let offset = (i as u32 * 7) % 32;
            let count = (i as u32 * 3) % (33 - offset);
            let mask = if count == 32 { u32::MAX } else { ((1u32 << count) - 1) << offset };
            let extract_u = if count == 0 { 0 } else { (x & mask) >> offset };
            let extract_i = if count == 0 { 0 } else { (((x >> offset) << (32 - count)) as i32 >> (32 - count)) as u32 };
            let insert = (x & !mask) | ((0x5A5A_5A5Au32 << offset) & mask);
            out.extend([
                x.count_ones(),
                x.reverse_bits(),
                first_leading_u(x),
                first_leading_i(x as i32),
                if x == 0 { u32::MAX } else { x.trailing_zeros() },
                x.leading_zeros(),
                x.trailing_zeros(),
                extract_u,
                extract_i,
                insert,
            ]);
        }
        cases.push(Case {
            name: "integer_bit_builtins",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 640>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let o = i * 10u;
    let offset = (i * 7u) % 32u;
    let count = (i * 3u) % (33u - offset);
    out[o] = countOneBits(x);
    out[o + 1u] = reverseBits(x);
    out[o + 2u] = firstLeadingBit(x);
    out[o + 3u] = bitcast<u32>(firstLeadingBit(bitcast<i32>(x)));
    out[o + 4u] = firstTrailingBit(x);
    out[o + 5u] = countLeadingZeros(x);
    out[o + 6u] = countTrailingZeros(x);
    out[o + 7u] = extractBits(x, offset, count);
    out[o + 8u] = bitcast<u32>(extractBits(bitcast<i32>(x), offset, count));
    out[o + 9u] = insertBits(x, 0x5A5A5A5Au, offset, count);
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * 10 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }
    {
        // Module declarations shadow built-in functions (WGSL §5 "Declaration and Scope": the
        // built-ins are predeclared in an enclosing scope): these calls reach the user's
        // functions, not the built-ins `max` and `bitcast`.
        let a = random_u32(11, N);
        let out: Vec<u32> = a.iter().map(|&x| x.wrapping_add(7).wrapping_add((x & 0xFF) * 3)).collect();
        cases.push(Case {
            name: "user_functions_shadow_builtins",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 64>;
fn max(x: u32) -> u32 { return x + 7u; }
fn bitcast(x: u32) -> u32 { return x * 3u; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = max(a[i]) + bitcast(a[i] & 0xFFu);
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }
    {
        // Compound assignment, increment/decrement, shadowing, vector integer ops.
        let a = random_u32(8, N);
        let mut out = Vec::new();
        for (i, &x) in a.iter().enumerate() {
            let mut v = x.wrapping_add(5);
            v = v.wrapping_mul(3);
            v ^= 0xFF;
            v <<= 2;
            v >>= 1;
            v |= 1;
            v &= 0x7FFF_FFFF;
            v = v.wrapping_sub(10);
            let mut k = i as i32;
            k += 1;
            k += 1;
            k -= 1;
            let w = [x % 100, x % 7, i as u32, 3];
            let w2 = [w[0] * 2 + w[1], w[1] * w[2], w[2] - w[3].min(w[2]), w[3] % 2];
            out.extend([v, k as u32, w2[0], w2[1], w2[2], w2[3]]);
        }
        cases.push(Case {
            name: "compound_assignment_and_vectors",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 384>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    var v = x;
    v += 5u;
    v *= 3u;
    v ^= 0xFFu;
    v <<= 2u;
    v >>= 1u;
    v |= 1u;
    v &= 0x7FFFFFFFu;
    v -= 10u;
    var k = i32(i);
    k++;
    k++;
    k--;
    let w = vec4<u32>(x % 100u, x % 7u, i, 3u);
    let w2 = w.xyzw * vec4(2u, w.z, 1u, 1u) + vec4(w.y, 0u, 0u, 0u) - vec4(0u, 0u, min(w.w, w.z), 0u);
    let o = i * 6u;
    out[o] = v;
    out[o + 1u] = u32(k);
    out[o + 2u] = w2.x;
    out[o + 3u] = w2.y;
    out[o + 4u] = w2.z;
    out[o + 5u] = w2.w % 2u;
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * 6 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }

    // ---------------------------------------------------------------- floats
    {
        let mut a = random_f32(9, N, -100.0, 100.0);
        let b = random_f32(10, N, -10.0, 10.0);
        a[..8].copy_from_slice(&[2.5, -2.5, 0.5, -0.5, 1.5, 3.75, -1.25, 0.0]); // round() ties to even
        let mut out = Vec::new();
        for i in 0..N {
            let (x, y) = (a[i], b[i]);
            let sign = if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { 0.0 };
            out.extend([
                x + y,
                x - y,
                x * y,
                x.abs(),
                x.floor(),
                x.ceil(),
                x.trunc(),
                x.round_ties_even(),
                x - x.floor(),
                x.min(y),
                x.max(y),
                x.clamp(-5.0, 5.0),
                sign,
                if x >= y { 1.0 } else { 0.0 },
                (i as f32 * i as f32).sqrt(),
                x.mul_add(y, 1.0),
            ]);
        }
        cases.push(Case {
            name: "float_exact_ops",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<f32, 64>;
@group(0) @binding(1) var<storage, read> b: array<f32, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 1024>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    let o = i * 16u;
    out[o] = x + y;
    out[o + 1u] = x - y;
    out[o + 2u] = x * y;
    out[o + 3u] = abs(x);
    out[o + 4u] = floor(x);
    out[o + 5u] = ceil(x);
    out[o + 6u] = trunc(x);
    out[o + 7u] = round(x);
    out[o + 8u] = fract(x);
    out[o + 9u] = min(x, y);
    out[o + 10u] = max(x, y);
    out[o + 11u] = clamp(x, -5.0, 5.0);
    out[o + 12u] = sign(x);
    out[o + 13u] = step(y, x);
    out[o + 14u] = sqrt(f32(i * i));
    out[o + 15u] = fma(x, y, 1.0);
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&a)), B::storage_read(1, bytes_f32(&b)), B::storage(2, vec![0; 4 * 16 * N])],
            workgroups: [1, 1, 1],
            // fma may be computed unfused (Vulkan allows either), hence the small tolerance.
            spirv_known_bug: None,
            expect: vec![(2, Expect::F32(out, 1e-4, 1e-6))],
        });
    }
    {
        let a = random_f32(11, N, -3.0, 3.0);
        let b = random_f32(12, N, 0.1, 4.0);
        let mut out = Vec::new();
        for i in 0..N {
            let (x, y) = (a[i], b[i]);
            let t = ((x - -1.0) / (2.0 - -1.0)).clamp(0.0, 1.0);
            out.extend([
                x.sin(),
                x.cos(),
                (x * 0.4).tan(),
                x.exp(),
                x.exp2(),
                y.ln(),
                y.log2(),
                y.powf(1.7),
                x.atan(),
                x.atan2(y),
                y.sqrt().recip(),
                x / y,
                x.to_degrees(),
                x.to_radians(),
                t * t * (3.0 - 2.0 * t),
                x + (y - x) * 0.25,
            ]);
        }
        cases.push(Case {
            name: "float_transcendentals",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<f32, 64>;
@group(0) @binding(1) var<storage, read> b: array<f32, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 1024>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    let o = i * 16u;
    out[o] = sin(x);
    out[o + 1u] = cos(x);
    out[o + 2u] = tan(x * 0.4);
    out[o + 3u] = exp(x);
    out[o + 4u] = exp2(x);
    out[o + 5u] = log(y);
    out[o + 6u] = log2(y);
    out[o + 7u] = pow(y, 1.7);
    out[o + 8u] = atan(x);
    out[o + 9u] = atan2(x, y);
    out[o + 10u] = inverseSqrt(y);
    out[o + 11u] = x / y;
    out[o + 12u] = degrees(x);
    out[o + 13u] = radians(x);
    out[o + 14u] = smoothstep(-1.0, 2.0, x);
    out[o + 15u] = mix(x, y, 0.25);
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&a)), B::storage_read(1, bytes_f32(&b)), B::storage(2, vec![0; 4 * 16 * N])],
            workgroups: [1, 1, 1],
            // Vulkan's precision for sin/cos is 2^-11 absolute, exp/pow a few ULP relative.
            spirv_known_bug: None,
            expect: vec![(2, Expect::F32(out, 1e-3, 1e-4))],
        });
    }
    {
        let f: Vec<f32> = vec![-3.75, 2.5, 0.0, 1e3, -1e6, 123.999, -0.5, 65536.0];
        let u: Vec<u32> = vec![0, 1, 255, 65_536, 16_777_216, 0xFFFF_FF00, 0x8000_0000, 42];
        let mut out_u = Vec::new();
        let mut out_f = Vec::new();
        for i in 0..8 {
            out_u.extend([(f[i] as i32) as u32, f[i].abs() as u32, f[i].to_bits(), (u[i] as i32) as u32, u32::from(f[i] > 0.0)]);
            out_f.extend([u[i] as f32, (u[i] as i32) as f32, f32::from_bits(0x4048_0000 + u[i] % 8), if u[i] % 2 == 1 { 1.0 } else { 0.0 }]);
        }
        cases.push(Case {
            name: "conversions_and_bitcasts",
            source: r#"
@group(0) @binding(0) var<storage, read> f: array<f32, 8>;
@group(0) @binding(1) var<storage, read> u: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> out_u: array<u32, 40>;
@group(0) @binding(3) var<storage, read_write> out_f: array<f32, 32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    out_u[i * 5u] = bitcast<u32>(i32(f[i]));
    out_u[i * 5u + 1u] = u32(abs(f[i]));
    out_u[i * 5u + 2u] = bitcast<u32>(f[i]);
    out_u[i * 5u + 3u] = u32(bitcast<i32>(u[i]));
    out_u[i * 5u + 4u] = u32(f[i] > 0.0);
    out_f[i * 4u] = f32(u[i]);
    out_f[i * 4u + 1u] = f32(bitcast<i32>(u[i]));
    out_f[i * 4u + 2u] = bitcast<f32>(0x40480000u + u[i] % 8u);
    out_f[i * 4u + 3u] = f32(u[i] % 2u == 1u);
}"#,
            bindings: vec![
                B::storage_read(0, bytes_f32(&f)),
                B::storage_read(1, bytes_u32(&u)),
                B::storage(2, vec![0; 4 * 40]),
                B::storage(3, vec![0; 4 * 32]),
            ],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::U32(out_u)), (3, Expect::F32(out_f, 0.0, 0.0))],
        });
    }
    {
        // Small integers in floats: dot, cross, length of Pythagorean triples stay exact.
        let a: Vec<f32> = random_u32(13, N * 4).iter().map(|v| (v % 11) as f32 - 5.0).collect();
        let b: Vec<f32> = random_u32(14, N * 4).iter().map(|v| (v % 9) as f32 - 4.0).collect();
        let mut out = Vec::new();
        for i in 0..N {
            let x = &a[i * 4..i * 4 + 4];
            let y = &b[i * 4..i * 4 + 4];
            let dot: f32 = x.iter().zip(y).map(|(p, q)| p * q).sum();
            let cross = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
            out.extend([dot, cross[0], cross[1], cross[2], x[2], x[0], x[3] + y[1], 5.0 * (i % 3) as f32]);
        }
        cases.push(Case {
            name: "vectors_dot_cross_swizzle",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>, 64>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>, 64>;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>, 128>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let y = b[i];
    let c = cross(x.xyz, y.xyz);
    out[i * 2u] = vec4(dot(x, y), c);
    var v = x.zxwy;
    v.z += y.y;
    v.w = length(vec2(3.0, 4.0)) * f32(i % 3u);
    out[i * 2u + 1u] = v;
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&a)), B::storage_read(1, bytes_f32(&b)), B::storage(2, vec![0; 4 * 8 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::F32(out, 1e-5, 1e-6))],
        });
    }
    {
        // mat4x4 * vec4, mat * mat, transpose, determinant; small integers keep it exact.
        let m: Vec<f32> = (0..16).map(|k| ((k * 7) % 5) as f32 - 2.0).collect(); // column-major
        let mut out = Vec::new();
        for i in 0..16u32 {
            let v = [i as f32, 1.0, -(i as f32), 2.0];
            let mv: Vec<f32> = (0..4).map(|r| (0..4).map(|c| m[c * 4 + r] * v[c]).sum()).collect();
            // transpose(m) * v
            let tv: Vec<f32> = (0..4).map(|r| (0..4).map(|c| m[r * 4 + c] * v[c]).sum()).collect();
            out.extend(mv);
            out.extend(tv);
        }
        // m * m, column-major.
        let mut mm = vec![0.0f32; 16];
        for c in 0..4 {
            for r in 0..4 {
                mm[c * 4 + r] = (0..4).map(|k| m[k * 4 + r] * m[c * 4 + k]).sum();
            }
        }
        let m2 = [[m[0], m[1]], [m[4], m[5]]];
        let det2 = m2[0][0] * m2[1][1] - m2[1][0] * m2[0][1];
        let mut tail = mm;
        tail.extend([det2, 0.0, 0.0, 0.0]);
        cases.push(Case {
            name: "matrices",
            source: r#"
@group(0) @binding(0) var<storage, read> m: mat4x4<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>, 32>;
@group(0) @binding(2) var<storage, read_write> tail: array<vec4<f32>, 5>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = vec4(f32(i), 1.0, -f32(i), 2.0);
    out[i * 2u] = m * v;
    out[i * 2u + 1u] = transpose(m) * v;
    if i == 0u {
        var mm = m * m;
        for (var c = 0; c < 4; c++) {
            tail[c] = mm[c];
        }
        let m2 = mat2x2<f32>(m[0].xy, m[1].xy);
        tail[4] = vec4(determinant(m2), 0.0, 0.0, 0.0);
    }
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&m)), B::storage(1, vec![0; 4 * 4 * 32]), B::storage(2, vec![0; 4 * 4 * 5])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::F32(out, 0.0, 0.0)), (2, Expect::F32(tail, 0.0, 0.0))],
        });
    }
    {
        let a = random_f32(15, 16, -1000.0, 1000.0);
        let mut out_f = Vec::new();
        let mut out_i = Vec::new();
        for &x in &a {
            // frexp: x = fract * 2^exp with |fract| in [0.5, 1). modf: whole part and fraction.
            // From the bits, so the reference does not depend on log2's rounding (x is normal).
            let bits = x.to_bits();
            let exp = ((bits >> 23) & 0xFF) as i32 - 126;
            let fract = f32::from_bits((bits & 0x807F_FFFF) | (126 << 23));
            out_f.extend([fract, x.trunc(), x - x.trunc(), fract * 2f32.powi(3)]);
            out_i.push(exp);
        }
        cases.push(Case {
            name: "frexp_modf_ldexp",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<f32, 16>;
@group(0) @binding(1) var<storage, read_write> out_f: array<vec4<f32>, 16>;
@group(0) @binding(2) var<storage, read_write> out_i: array<i32, 16>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let fe = frexp(x);
    let wf = modf(x);
    out_f[i] = vec4(fe.fract, wf.whole, wf.fract, ldexp(fe.fract, 3));
    out_i[i] = fe.exp;
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&a)), B::storage(1, vec![0; 4 * 4 * 16]), B::storage(2, vec![0; 4 * 16])],
            workgroups: [1, 1, 1],
            // Only naga's own SPIR-V hits this (ours computes frexp/modf without the struct
            // instructions). FIXME: remove once naga's SPIR-V front end registers the types.
            spirv_known_bug: Some((
                "Special type is not registered",
                "naga 30's SPIR-V front end (used by wgpu and by naga_check) turns FrexpStruct/ModfStruct \
                 into frexp/modf without registering their result struct types, so validation fails",
            )),
            expect: vec![(1, Expect::F32(out_f, 0.0, 0.0)), (2, Expect::I32(out_i))],
        });
    }

    {
        // frexp on vectors at its edges: zeros, exact powers of two and their neighbours (where
        // an exponent estimated from log2 is off by one), the smallest and largest normals.
        let a: Vec<f32> = vec![
            0.0, -0.0, 1.0, -0.5,
            0.75, 1048576.0, f32::from_bits(1048576f32.to_bits() - 1), f32::from_bits(0.5f32.to_bits() + 1),
            f32::MIN_POSITIVE, f32::MAX, -f32::MIN_POSITIVE * 3.0, 16777218.0,
            -0.1, 1e-30, f32::from_bits(2f32.to_bits() - 1), 8388607.5,
        ];
        let mut out_f = Vec::new();
        let mut out_i = Vec::new();
        for &x in &a {
            if x == 0.0 {
                out_f.push(x);
                out_i.push(0);
                continue;
            }
            let bits = x.to_bits();
            out_f.push(f32::from_bits((bits & 0x807F_FFFF) | (126 << 23)));
            out_i.push(((bits >> 23) & 0xFF) as i32 - 126);
        }
        cases.push(Case {
            name: "frexp_vector_edges",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>, 4>;
@group(0) @binding(1) var<storage, read_write> out_f: array<vec4<f32>, 4>;
@group(0) @binding(2) var<storage, read_write> out_i: array<vec4<i32>, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let fe = frexp(a[i]);
    out_f[i] = fe.fract;
    out_i[i] = fe.exp;
}"#,
            bindings: vec![B::storage_read(0, bytes_f32(&a)), B::storage(1, vec![0; 4 * 16]), B::storage(2, vec![0; 4 * 16])],
            workgroups: [1, 1, 1],
            spirv_known_bug: Some((
                "Special type is not registered",
                "naga 30's SPIR-V front end does not register FrexpStruct's result type (naga's own SPIR-V only)",
            )),
            expect: vec![(1, Expect::F32(out_f, 0.0, 0.0)), (2, Expect::I32(out_i))],
        });
    }

    // ---------------------------------------------------------------- control flow
    {
        let a: Vec<i32> = random_u32(16, N).iter().map(|&v| (v % 200) as i32 - 100).collect();
        let out: Vec<i32> = a
            .iter()
            .map(|&x| {
                if x < -50 {
                    x * 2
                } else if x < 0 {
                    -x
                } else if x == 0 {
                    1000
                } else if x % 2 == 0 {
                    x / 2
                } else {
                    x * 3 + 1
                }
            })
            .collect();
        cases.push(Case {
            name: "if_else_chain",
            source: r#"
@group(0) @binding(0) var<storage, read_write> data: array<i32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = data[i];
    var r: i32;
    if x < -50 {
        r = x * 2;
    } else if x < 0 {
        r = -x;
    } else if x == 0 {
        r = 1000;
    } else if (x % 2 == 0) {
        r = x / 2;
    } else {
        r = x * 3 + 1;
    }
    data[i] = r;
}"#,
            bindings: vec![B::storage(0, bytes_i32(&a))],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::I32(out))],
        });
    }
    {
        // Collatz step counts (while + if), a for loop with continue, and nested loops with break.
        let mut out = Vec::new();
        for i in 0..N as u32 {
            let mut n = i + 1;
            let mut steps = 0u32;
            while n != 1 {
                n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
                steps += 1;
            }
            let mut odd_sum = 0u32;
            for k in 0..i {
                if k % 2 == 0 {
                    continue;
                }
                odd_sum += k;
            }
            let mut pairs = 0u32;
            'outer: for x in 0..8u32 {
                for y in 0..8u32 {
                    if x * y > i {
                        break;
                    }
                    if x + y > 12 {
                        break 'outer;
                    }
                    pairs += 1;
                }
            }
            out.extend([steps, odd_sum, pairs]);
        }
        cases.push(Case {
            name: "loops_while_for_continue_break",
            source: r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32, 192>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    var n = i + 1u;
    var steps = 0u;
    while n != 1u {
        if n % 2u == 0u { n = n / 2u; } else { n = 3u * n + 1u; }
        steps += 1u;
    }
    var odd_sum = 0u;
    for (var k = 0u; k < i; k++) {
        if k % 2u == 0u { continue; }
        odd_sum += k;
    }
    var pairs = 0u;
    var done = false;
    for (var x = 0u; x < 8u && !done; x++) {
        for (var y = 0u; y < 8u; y++) {
            if x * y > i { break; }
            if x + y > 12u { done = true; break; }
            pairs += 1u;
        }
    }
    out[i * 3u] = steps;
    out[i * 3u + 1u] = odd_sum;
    out[i * 3u + 2u] = pairs;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * 3 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // loop { continuing { break if } }: the continuing block runs after `continue` too.
        let mut out = Vec::new();
        for i in 0..N as i32 {
            let mut acc = 0i32;
            let mut k = 0i32;
            loop {
                let skip = k % 3 == 0;
                if !skip {
                    acc += k * i;
                }
                // continuing:
                k += 1;
                acc ^= k;
                if k >= i % 10 + 2 {
                    break;
                }
            }
            out.push(acc);
        }
        cases.push(Case {
            name: "loop_continuing_break_if",
            source: r#"
@group(0) @binding(0) var<storage, read_write> out: array<i32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) index: u32) {
    let i = i32(index);
    var acc = 0;
    var k = 0;
    loop {
        if k % 3 == 0 {
            continue;
        }
        acc += k * i;
        continuing {
            k += 1;
            acc ^= k;
            break if k >= i % 10 + 2;
        }
    }
    out[index] = acc;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::I32(out))],
        });
    }
    {
        let out: Vec<u32> = (0..N as u32)
            .map(|i| {
                let a = match i % 7 {
                    0 => 100,
                    1 | 2 => 200 + i,
                    5 => {
                        if i > 30 {
                            1
                        } else {
                            2
                        }
                    }
                    _ => 7,
                };
                let b = match (i as i32) - 32 {
                    -32..=-1 => 1u32,
                    0 => 2,
                    _ => 3,
                };
                a * 10 + b
            })
            .collect();
        cases.push(Case {
            name: "switch",
            source: r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    var a = 0u;
    switch i % 7u {
        case 0u: { a = 100u; }
        case 1u, 2u: { a = 200u + i; }
        default: { a = 7u; }
        case 5u: {
            if i > 30u { a = 1u; break; }
            a = 2u;
        }
    }
    var b = 0u;
    let s = i32(i) - 32;
    switch s {
        case 0: { b = 2u; }
        case default: {
            if s < 0 { b = 1u; } else { b = 3u; }
        }
    }
    out[i] = a * 10u + b;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // Helper functions: pointer parameters, struct results, arrays by value, nesting.
        let out: Vec<u32> = (0..N as u32)
            .map(|i| {
                let mut x = i;
                x = x * 2 + 1; // twice_plus_one(&x)
                let (lo, hi) = (i.min(17), i.max(17));
                let arr = [i, i + 1, i + 2, i + 3];
                let sum: u32 = arr.iter().sum();
                x + lo * 100 + hi * 10_000 + sum * 1_000_000
            })
            .collect();
        cases.push(Case {
            name: "functions_pointers_structs",
            source: r#"
struct MinMax { lo: u32, hi: u32 }

fn twice_plus_one(p: ptr<function, u32>) {
    *p = *p * 2u;
    add_one(p);
}

fn add_one(p: ptr<function, u32>) {
    *p += 1u;
}

fn order(a: u32, b: u32) -> MinMax {
    return MinMax(min(a, b), max(a, b));
}

fn total(values: array<u32, 4>) -> u32 {
    var s = 0u;
    for (var k = 0; k < 4; k++) { s += values[k]; }
    return s;
}

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    var x = i;
    twice_plus_one(&x);
    let mm = order(i, 17u);
    let s = total(array(i, i + 1u, i + 2u, i + 3u));
    out[i] = x + mm.lo * 100u + mm.hi * 10000u + s * 1000000u;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // Module-scope const arrays indexed at run time, const expressions, private variables.
        const TABLE: [u32; 8] = [3, 1, 4, 1, 5, 9, 2, 6];
        let out: Vec<u32> = (0..N as u32)
            .map(|i| {
                let mut private = 10u32;
                private += TABLE[(i % 8) as usize];
                let local = [i, i * i, 7];
                private * 1000 + local[(i % 3) as usize] + 21
            })
            .collect();
        cases.push(Case {
            name: "consts_private_and_local_arrays",
            source: r#"
const TABLE = array<u32, 8>(3u, 1u, 4u, 1u, 5u, 9u, 2u, 6u);
const K = 3u * 7u;
var<private> private_acc: u32 = 10u;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    private_acc += TABLE[i % 8u];
    var local = array<u32, 3>(i, i * i, 7u);
    out[i] = private_acc * 1000u + local[i % 3u] + K;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // && and || must not evaluate the right side when the left decides.
        let out: Vec<u32> = (0..N as u32)
            .map(|i| {
                let mut calls = 0;
                let a = i % 2 == 0 && {
                    calls += 1;
                    i % 3 == 0
                };
                let b = i % 5 == 0 || {
                    calls += 1;
                    true
                };
                u32::from(a) | (u32::from(b) << 1) | (calls << 2)
            })
            .collect();
        cases.push(Case {
            name: "short_circuit",
            source: r#"
var<private> calls: u32 = 0u;

fn touch(v: bool) -> bool {
    calls += 1u;
    return v;
}

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let a = i % 2u == 0u && touch(i % 3u == 0u);
    let b = i % 5u == 0u || touch(true);
    out[i] = u32(a) | (u32(b) << 1u) | (calls << 2u);
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // Evaluation order (WGSL: operands, arguments and the parts of an assignment are
        // evaluated left to right, the left-hand side before the right-hand side, each once;
        // `select` evaluates both values): every side effect goes through a trace, so another
        // order gives another number.
        let out: Vec<u32> = (0..N as u32)
            .flat_map(|i| {
                let mut trace = i;
                let mut push = |k: u32| {
                    trace = trace.wrapping_mul(5).wrapping_add(k);
                    trace
                };
                let (a1, b1, c1) = (push(1), push(2), push(3));
                let args = a1.wrapping_add(b1.wrapping_mul(7)).wrapping_add(c1.wrapping_mul(49));
                let (x, y, z) = (push(1), push(2), push(3));
                let binary = x.wrapping_sub(y.wrapping_mul(z));
                let bump = |v: &mut u32, k: u32| {
                    *v = v.wrapping_mul(3).wrapping_add(k);
                    *v
                };
                let mut v = i;
                let p1 = bump(&mut v, 1);
                let p2 = v.wrapping_mul(100);
                let p3 = bump(&mut v, 2).wrapping_mul(10000);
                let pointers = p1.wrapping_add(p2).wrapping_add(p3);
                let mut a = [1u32, 2, 3, 4];
                let k = (push(1) % 4) as usize;
                a[k] = push(2);
                let k = (push(3) % 4) as usize;
                a[k] = a[k].wrapping_add(push(4));
                let k = (push(1) % 4) as usize;
                a[k] = a[k].wrapping_add(1);
                let (s1, s2) = (push(1), push(2));
                let selected = if i % 2 == 0 { s2 } else { s1 };
                [args, binary, pointers, v, a[0] ^ a[1].rotate_left(8) ^ a[2].rotate_left(16) ^ a[3].rotate_left(24), selected, trace, 0]
            })
            .collect();
        cases.push(Case {
            name: "evaluation_order",
            source: r#"
var<private> trace: u32;

fn push(k: u32) -> u32 {
    trace = trace * 5u + k;
    return trace;
}

fn f3(a: u32, b: u32, c: u32) -> u32 {
    return a + b * 7u + c * 49u;
}

fn bump(p: ptr<function, u32>, k: u32) -> u32 {
    *p = *p * 3u + k;
    return *p;
}

@group(0) @binding(0) var<storage, read_write> out: array<u32, 512>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    trace = i;
    let o = i * 8u;
    out[o] = f3(push(1u), push(2u), push(3u));
    out[o + 1u] = push(1u) - push(2u) * push(3u);
    var v = i;
    out[o + 2u] = bump(&v, 1u) + v * 100u + bump(&v, 2u) * 10000u;
    out[o + 3u] = v;
    var a = array<u32, 4>(1u, 2u, 3u, 4u);
    a[push(1u) % 4u] = push(2u);
    a[push(3u) % 4u] += push(4u);
    a[push(1u) % 4u]++;
    out[o + 4u] = a[0] ^ ((a[1] << 8u) | (a[1] >> 24u)) ^ ((a[2] << 16u) | (a[2] >> 16u)) ^ ((a[3] << 24u) | (a[3] >> 8u));
    out[o + 5u] = select(push(1u), push(2u), i % 2u == 0u);
    out[o + 6u] = trace;
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * 8 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        let a = random_u32(17, N);
        let out: Vec<u32> = a
            .iter()
            .enumerate()
            .flat_map(|(i, &x)| {
                let i = i as u32;
                let v = [x & 1 == 1, x & 2 == 2, x & 4 == 4];
                let sel = [if v[0] { 10 } else { 20 }, if v[1] { 11 } else { 21 }, if v[2] { 12 } else { 22 }];
                [if i.is_multiple_of(3) { x } else { i }, sel[0] + sel[1] + sel[2], u32::from(v.iter().any(|&b| b)), u32::from(v.iter().all(|&b| b))]
            })
            .collect();
        cases.push(Case {
            name: "select_any_all",
            source: r#"
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<u32>, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    let v = (vec3(x) & vec3(1u, 2u, 4u)) == vec3(1u, 2u, 4u);
    let sel = select(vec3(20u, 21u, 22u), vec3(10u, 11u, 12u), v);
    out[i] = vec4(select(i, x, i % 3u == 0u), sel.x + sel.y + sel.z, u32(any(v)), u32(all(v)));
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }

    // ---------------------------------------------------------------- memory layout
    {
        // struct Item { pos: vec3<f32> @0, id: u32 @12, vals: array<u32, 3> @16, weight: f32 @28 }
        // size 32, align 16 (WGSL memory layout rules: vec3 aligns to 16).
        let mut data = Vec::new();
        let mut expect = Vec::new();
        for i in 0..8u32 {
            // No zeros, so no signed-zero questions in the bitwise comparison.
            let pos = [i as f32 + 1.0, 2.0 * i as f32 + 1.0, -(i as f32) - 1.0];
            let vals = [i, i * i, 5];
            let weight = 0.5 * i as f32 + 0.5;
            let id = 100 + i;
            let item = |pos: [f32; 3], id: u32, vals: [u32; 3], weight: f32| -> Vec<u8> {
                let mut b = bytes_f32(&pos);
                b.extend(bytes_u32(&[id]));
                b.extend(bytes_u32(&vals));
                b.extend(bytes_f32(&[weight]));
                b
            };
            data.extend(item(pos, id, vals, weight));
            let new_pos = [pos[2] * weight, pos[1] * weight, pos[0] * weight];
            let new_id = id * 2 + vals.iter().sum::<u32>();
            let new_vals = [vals[2], vals[1], vals[0]];
            expect.extend(item(new_pos, new_id, new_vals, pos[0] + pos[1]));
        }
        cases.push(Case {
            name: "storage_struct_array_layout",
            source: r#"
struct Item {
    pos: vec3<f32>,
    id: u32,
    vals: array<u32, 3>,
    weight: f32,
}
@group(0) @binding(0) var<storage, read_write> items: array<Item, 8>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    var item = items[i];
    let p = item.pos;
    item.pos = p.zyx * item.weight;
    item.id = item.id * 2u + item.vals[0] + item.vals[1] + item.vals[2];
    let v = item.vals;
    item.vals = array(v[2], v[1], v[0]);
    item.weight = p.x + p.y;
    items[i] = item;
}"#,
            bindings: vec![B::storage(0, data)],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(super::u32s(&expect)))],
        });
    }
    {
        // Uniform layout: a: vec3<f32> @0, b: f32 @12, c: vec2<f32> @16, d: u32 @24,
        // e: vec3<u32> @32, f: array<vec4<f32>, 2> @48 (uniform arrays need a 16-byte stride).
        let mut params = Vec::new();
        params.extend(bytes_f32(&[1.5, -2.0, 3.25, 4.0, 5.5, 6.5]));
        params.extend(bytes_u32(&[7, 0xDEAD]));
        params.extend(bytes_u32(&[8, 9, 10, 0xBEEF]));
        params.extend(bytes_f32(&[11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0]));
        let out = vec![1.5, -2.0, 3.25, 4.0, 5.5, 6.5, 7.0, 8.0, 9.0, 10.0, 11.0, 14.0, 15.0, 18.0, 2.75, 0.0];
        cases.push(Case {
            name: "uniform_vec3_packing",
            source: r#"
struct Params {
    a: vec3<f32>,
    b: f32,
    c: vec2<f32>,
    d: u32,
    e: vec3<u32>,
    f: array<vec4<f32>, 2>,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 16>;
@compute @workgroup_size(1)
fn main() {
    out[0] = params.a.x;
    out[1] = params.a.y;
    out[2] = params.a.z;
    out[3] = params.b;
    out[4] = params.c.x;
    out[5] = params.c.y;
    out[6] = f32(params.d);
    out[7] = f32(params.e.x);
    out[8] = f32(params.e.y);
    out[9] = f32(params.e.z);
    out[10] = params.f[0].x;
    out[11] = params.f[0].w;
    out[12] = params.f[1].x;
    out[13] = params.f[1].w;
    out[14] = params.a.x + params.a.y + params.a.z;
    out[15] = 0.0;
}"#,
            bindings: vec![B::uniform(0, params), B::storage(1, vec![0xFF; 4 * 16])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::F32(out, 0.0, 0.0))],
        });
    }
    {
        // mat3x3<f32> in storage: three columns, each a vec3 padded to 16 bytes.
        let mut data = Vec::new();
        let m = [[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]];
        for column in &m {
            data.extend(bytes_f32(column));
            data.extend(bytes_f32(&[999.0]));
        }
        data.extend(bytes_f32(&[1.0, -1.0, 2.0, 999.0])); // v: vec3<f32> @48
        let v = [1.0f32, -1.0, 2.0];
        let mv: Vec<f32> = (0..3).map(|r| (0..3).map(|c| m[c][r] * v[c]).sum()).collect();
        let out = vec![mv[0], mv[1], mv[2], m[2][2] + m[0][1]];
        cases.push(Case {
            name: "storage_matrix_layout",
            source: r#"
struct Transform { m: mat3x3<f32>, v: vec3<f32> }
@group(0) @binding(0) var<storage, read> t: Transform;
@group(0) @binding(1) var<storage, read_write> out: vec4<f32>;
@compute @workgroup_size(1)
fn main() {
    out = vec4(t.m * t.v, t.m[2][2] + t.m[0].y);
}"#,
            bindings: vec![B::storage_read(0, data), B::storage(1, vec![0; 16])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::F32(out, 0.0, 0.0))],
        });
    }
    {
        // A runtime-sized array at the end of a struct, and a plain runtime-sized array.
        let values = random_u32(18, 37);
        let mut data = bytes_u32(&[0]);
        data.extend(bytes_u32(&values));
        let plain_len = 13u32;
        let mut expect = vec![37u32];
        expect.extend(values.iter().map(|v| v.wrapping_mul(2).wrapping_add(plain_len)));
        cases.push(Case {
            name: "runtime_array_length",
            source: r#"
struct Data { count: u32, values: array<u32> }
@group(0) @binding(0) var<storage, read_write> d: Data;
@group(0) @binding(1) var<storage, read> plain: array<i32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i < arrayLength(&d.values) {
        d.values[i] = d.values[i] * 2u + arrayLength(&plain);
    }
    if i == 0u {
        d.count = arrayLength(&d.values);
    }
}"#,
            bindings: vec![B::storage(0, data), B::storage_read(1, vec![0; 4 * plain_len as usize])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(expect))],
        });
    }
    {
        // Two bind groups, read-only storage and uniform in group 1.
        let a = random_u32(19, 16);
        let scale = 3u32;
        let out: Vec<u32> = a.iter().map(|v| v.wrapping_mul(scale) ^ 0x55).collect();
        cases.push(Case {
            name: "two_bind_groups",
            source: r#"
@group(1) @binding(0) var<storage, read> a: array<u32, 16>;
@group(1) @binding(3) var<uniform> scale: vec4<u32>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = (a[i] * scale.x) ^ scale.y;
}"#,
            bindings: vec![
                B::storage_read(0, bytes_u32(&a)).in_group(1),
                B::uniform(3, bytes_u32(&[scale, 0x55, 0, 0])).in_group(1),
                B::storage(0, vec![0; 4 * 16]),
            ],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::U32(out))],
        });
    }

    // ---------------------------------------------------------------- atomics and workgroups
    {
        let a = random_u32(20, N);
        let sum = a.iter().fold(0u32, |s, v| s.wrapping_add(*v));
        let counters = vec![
            sum,
            *a.iter().max().unwrap(),
            *a.iter().min().unwrap(),
            0xFFFF,
            a.iter().fold(0, |s, v| s ^ v),
            a.iter().fold(u32::MAX, |s, v| s & (v | 0xFFFF_0000)),
            (0..N as i32).fold(0i32, |s, i| s - i) as u32,
            (0..N as u32).sum(),
        ];
        let mut init = vec![0u32; 8];
        init[2] = u32::MAX;
        init[5] = u32::MAX;
        cases.push(Case {
            name: "atomics",
            source: r#"
struct Counters {
    sum: atomic<u32>,
    max: atomic<u32>,
    min: atomic<u32>,
    or_all: atomic<u32>,
    xor_all: atomic<u32>,
    and_all: atomic<u32>,
    signed: atomic<i32>,
    cas: atomic<u32>,
}
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> c: Counters;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = a[i];
    atomicAdd(&c.sum, x);
    atomicMax(&c.max, x);
    atomicMin(&c.min, x);
    atomicOr(&c.or_all, 1u << (i % 16u));
    atomicXor(&c.xor_all, x);
    atomicAnd(&c.and_all, x | 0xFFFF0000u);
    atomicSub(&c.signed, i32(i));
    loop {
        let old = atomicLoad(&c.cas);
        let r = atomicCompareExchangeWeak(&c.cas, old, old + i);
        if r.exchanged { break; }
    }
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, bytes_u32(&init))],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(counters))],
        });
    }
    {
        // atomicAdd returns the old value: across 4 workgroups every ticket is handed out once.
        let tickets: Vec<u32> = (0..4 * N as u32).collect();
        cases.push(Case {
            name: "atomic_tickets",
            source: r#"
@group(0) @binding(0) var<storage, read_write> next: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> tickets: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    tickets[id.x] = atomicAdd(&next, 1u);
}"#,
            bindings: vec![B::storage(0, vec![0; 4]), B::storage(1, vec![0; 4 * 4 * N])],
            workgroups: [4, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(vec![4 * N as u32])), (1, Expect::U32Unordered(tickets))],
        });
    }
    {
        // Tree reduction in workgroup memory with barriers, plus a workgroup atomic.
        let a: Vec<u32> = random_u32(21, 2 * N).iter().map(|v| v % 10_000).collect();
        let sums: Vec<u32> = a.chunks(N).map(|c| c.iter().sum()).collect();
        let out = vec![sums[0], N as u32, sums[1], N as u32];
        cases.push(Case {
            name: "workgroup_reduction",
            source: r#"
var<workgroup> scratch: array<u32, 64>;
var<workgroup> arrived: atomic<u32>;
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) wg: vec3<u32>) {
    scratch[i] = a[wg.x * 64u + i];
    atomicAdd(&arrived, 1u);
    workgroupBarrier();
    for (var stride = 32u; stride > 0u; stride >>= 1u) {
        if i < stride {
            scratch[i] += scratch[i + stride];
        }
        workgroupBarrier();
    }
    if i == 0u {
        out[wg.x] = vec2(scratch[0], atomicLoad(&arrived));
    }
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * 4])],
            workgroups: [2, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }
    {
        // Workgroup arrays sized by override-expressions (WGSL "Array types"), also through an
        // alias and pointers: each invocation writes its slots, and after the barrier reads
        // those of its mirror image, so every element of each array is written and read.
        let a: Vec<u32> = random_u32(22, N).iter().map(|v| v % 1000).collect();
        let mut out = vec![0u32; N];
        for i in 0..N {
            let j = N - 1 - i;
            // tile[k] = 3 * a[k % 64] + k (k < 128), other[i] = a[i] * 2, halves[i / 2] by even i.
            let tile = |k: usize| 3 * a[k % N] + k as u32;
            out[i] = tile(j) + tile(j + N) + a[j] * 2 + (a[(i / 2) * 2] + 5);
        }
        cases.push(Case {
            name: "override_sized_workgroup_arrays",
            source: r#"
override n = 64;
override half_n: u32 = u32(n) / 2u;
alias Tile = array<u32, n * 2>;
var<workgroup> tile: Tile;
var<workgroup> other: array<u32, n>;
var<workgroup> halves: array<u32, half_n>;
@group(0) @binding(0) var<storage, read> a: array<u32, 64>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let p: ptr<workgroup, Tile> = &tile;
    (*p)[i] = 3u * a[i] + i;
    tile[i + 64u] = 3u * a[i] + i + 64u;
    other[i] = a[i] * 2u;
    if i % 2u == 0u {
        halves[i / 2u] = a[i] + 5u;
    }
    workgroupBarrier();
    let q: ptr<workgroup, array<u32, n>> = &other;
    out[i] = (*p)[63u - i] + tile[127u - i] + (*q)[63u - i] + halves[i / 2u];
}"#,
            bindings: vec![B::storage_read(0, bytes_u32(&a)), B::storage(1, vec![0; 4 * N])],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(1, Expect::U32(out))],
        });
    }
    {
        // Built-in inputs over a 3 x 2 grid of 4 x 2 workgroups.
        let mut out = vec![0u32; 12 * 4];
        for wy in 0..2u32 {
            for wx in 0..3u32 {
                for ly in 0..2u32 {
                    for lx in 0..4u32 {
                        let (gx, gy) = (wx * 4 + lx, wy * 2 + ly);
                        let local_index = ly * 4 + lx;
                        out[(gy * 12 + gx) as usize] = local_index | (wx << 8) | (wy << 12) | (3 << 16) | (2 << 20) | (gy << 24);
                    }
                }
            }
        }
        cases.push(Case {
            name: "builtin_ids_multi_workgroup",
            source: r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32, 48>;
@compute @workgroup_size(4, 2, 1)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) li: u32,
    @builtin(workgroup_id) wg: vec3<u32>,
    @builtin(num_workgroups) nwg: vec3<u32>,
) {
    out[gid.y * 12u + gid.x] = li | (wg.x << 8u) | (wg.y << 12u) | (nwg.x << 16u) | (nwg.y << 20u) | (gid.y << 24u);
}"#,
            bindings: vec![B::storage(0, vec![0; 4 * 48])],
            workgroups: [3, 2, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::U32(out))],
        });
    }
    {
        // Override constants with their defaults, one of them sizing the workgroup.
        let mut out = vec![-1.0f32; N];
        for (i, v) in out.iter_mut().enumerate().take(32) {
            *v = (i as u32 * 3) as f32 + 0.5;
        }
        cases.push(Case {
            name: "override_defaults",
            source: r#"
override scale: u32 = 3u;
override bias: f32 = 0.5;
override group_size: u32 = 32u;
@id(7) override enabled: bool = true;
@group(0) @binding(0) var<storage, read_write> out: array<f32, 64>;
@compute @workgroup_size(group_size)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = f32(i * scale) + select(0.0, bias, enabled);
}"#,
            bindings: vec![B::storage(0, bytes_f32(&out.iter().map(|_| -1.0).collect::<Vec<_>>()))],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::F32(out, 0.0, 0.0))],
        });
    }
    {
        // pack/unpack built-ins; f16 inputs are exactly representable so no rounding is involved.
        let f = random_f32(22, 16 * 4, -1.2, 1.2);
        let halves: Vec<f32> = vec![1.5, -2.25, 1024.0, 0.000_976_562_5, 0.0, -0.5, 65504.0, 3.0];
        let unorm8 = |e: f32| (0.5 + 255.0 * e.clamp(0.0, 1.0)).floor() as u32;
        let snorm8 = |e: f32| ((0.5 + 127.0 * e.clamp(-1.0, 1.0)).floor() as i32 as u32) & 0xFF;
        let unorm16 = |e: f32| (0.5 + 65535.0 * e.clamp(0.0, 1.0)).floor() as u32;
        let snorm16 = |e: f32| ((0.5 + 32767.0 * e.clamp(-1.0, 1.0)).floor() as i32 as u32) & 0xFFFF;
        let mut packed = Vec::new();
        let mut unpacked = Vec::new();
        for i in 0..16 {
            let v = &f[i * 4..i * 4 + 4];
            let p_unorm = (0..4).fold(0u32, |s, k| s | (unorm8(v[k]) << (8 * k)));
            let p_snorm = (0..4).fold(0u32, |s, k| s | (snorm8(v[k]) << (8 * k)));
            let p_unorm16 = unorm16(v[0]) | (unorm16(v[1]) << 16);
            let p_snorm16 = snorm16(v[2]) | (snorm16(v[3]) << 16);
            let (h0, h1) = (halves[(2 * i) % 8], halves[(2 * i + 1) % 8]);
            let p_half = u32::from(half::f16::from_f32(h0).to_bits()) | (u32::from(half::f16::from_f32(h1).to_bits()) << 16);
            packed.extend([p_unorm, p_snorm, p_unorm16, p_snorm16, p_half]);
            unpacked.extend((0..4).map(|k| ((p_unorm >> (8 * k)) & 0xFF) as f32 / 255.0));
            unpacked.extend((0..4).map(|k| ((((p_snorm >> (8 * k)) & 0xFF) as u8 as i8) as f32 / 127.0).max(-1.0)));
            unpacked.extend([h0, h1, ((p_unorm16 & 0xFFFF) as f32) / 65535.0, ((p_snorm16 >> 16) as u16 as i16 as f32 / 32767.0).max(-1.0)]);
        }
        let halves_in: Vec<f32> = (0..16).flat_map(|i| [halves[(2 * i) % 8], halves[(2 * i + 1) % 8]]).collect();
        cases.push(Case {
            name: "pack_unpack",
            source: r#"
@group(0) @binding(0) var<storage, read> f: array<vec4<f32>, 16>;
@group(0) @binding(1) var<storage, read> halves: array<vec2<f32>, 16>;
@group(0) @binding(2) var<storage, read_write> packed: array<u32, 80>;
@group(0) @binding(3) var<storage, read_write> unpacked: array<vec4<f32>, 48>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = f[i];
    let p_unorm = pack4x8unorm(v);
    let p_snorm = pack4x8snorm(v);
    let p_unorm16 = pack2x16unorm(v.xy);
    let p_snorm16 = pack2x16snorm(v.zw);
    let p_half = pack2x16float(halves[i]);
    packed[i * 5u] = p_unorm;
    packed[i * 5u + 1u] = p_snorm;
    packed[i * 5u + 2u] = p_unorm16;
    packed[i * 5u + 3u] = p_snorm16;
    packed[i * 5u + 4u] = p_half;
    unpacked[i * 3u] = unpack4x8unorm(p_unorm);
    unpacked[i * 3u + 1u] = unpack4x8snorm(p_snorm);
    unpacked[i * 3u + 2u] = vec4(unpack2x16float(p_half), unpack2x16unorm(p_unorm16).x, unpack2x16snorm(p_snorm16).y);
}"#,
            bindings: vec![
                B::storage_read(0, bytes_f32(&f)),
                B::storage_read(1, bytes_f32(&halves_in)),
                B::storage(2, vec![0; 4 * 80]),
                B::storage(3, vec![0; 4 * 4 * 48]),
            ],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(2, Expect::U32(packed)), (3, Expect::F32(unpacked, 1e-5, 1e-6))],
        });
    }
    {
        // Programs the compiler used to reject (issue 14, shared/repros "valid programs
        // rejected"): bool `select`, `vecN()` zero values, `array(...)` of structs, `arrayLength`
        // through a `let` pointer, 64-bit abstract shifts, abstract literals after indexing a zero
        // value, `break` of loops and switches nested in `continuing`. Expected values by hand:
        let input = [3, -2, 7, 0];
        let x = input;
        let mut expect = vec![0i32; 10];
        expect[0] = i32::from(x[1] < 0 && x[0] > 0); // select(false, x0 > 0, x1 < 0)
        expect[1] = 1; // select(vec2(true, false), vec2(false, true), x3 == 0) = (false, true)
        expect[2] = x[2]; // vec4<i32>() + x2
        expect[3] = ((6_000_000_000i64 << 3) >> 33) as i32;
        expect[4] = (((1i64 << 30) << 10) >> 38) as i32;
        expect[5] = 2; // array<f32, 4>()[0] == 0, mat2x2<f32>()[1][1] == 0
        expect[6] = x[1] * 100 + x[2] * 10 + 3; // array(P(x0, 1u), P(x1, u32(x2)), K[1])
        expect[7] = input.len() as i32; // arrayLength(p), p = &input
        expect[8] = {
            let mut n = 0;
            for it in 0..3 {
                n += x[0].clamp(0, 10); // the `for` in `continuing` breaks at k == x0
                if it != 1 {
                    n += 100; // `switch`: case 1 breaks out of the switch
                }
            }
            n
        };
        expect[9] = i32::from(x[0] > 0) + 2 * i32::from(x[1] > 0) + 4 * i32::from(x[2] > 0);
        cases.push(Case {
            name: "formerly_rejected",
            source: r#"
struct P { a: i32, b: u32 }
const K = array(P(1, 2u), P(3, 4u));
const SH = 6000000000 << 3u;
@group(0) @binding(0) var<storage, read_write> out: array<i32, 10>;
@group(0) @binding(1) var<storage, read> input: array<i32>;
@compute @workgroup_size(1)
fn main() {
    let x0 = input[0];
    let x1 = input[1];
    let x2 = input[2];
    let x3 = input[3];
    out[0] = i32(select(false, x0 > 0, x1 < 0));
    let w = select(vec2(true, false), vec2(false, true), x3 == 0);
    out[1] = i32(w.x) * 10 + i32(w.y);
    let z: vec4<i32> = vec4();
    out[2] = z.w + x2;
    out[3] = i32(SH >> 33u);
    out[4] = i32(((1 << 30u) << 10u) >> 38u);
    out[5] = i32(array<f32, 4>()[0] == 0) + i32(mat2x2<f32>()[1][1] == 0);
    let l = array(P(x0, 1u), P(x1, u32(x2)), K[1]);
    out[6] = l[1].a * 100 + i32(l[1].b) * 10 + l[2].a;
    let p = &input;
    out[7] = i32(arrayLength(p));
    var n = 0;
    var it = 0;
    loop {
        if it >= 3 { break; }
        continuing {
            for (var k = 0; k < 10; k++) { if k == x0 { break; } n += 1; }
            switch it { case 1: { break; } default: { n += 100; } }
            it += 1;
        }
    }
    out[8] = n;
    let b = select(vec3(false), vec3(true), vec3(x0 > 0, x1 > 0, x2 > 0));
    out[9] = i32(b.x) + 2 * i32(b.y) + 4 * i32(b.z);
}"#,
            bindings: vec![B::storage(0, bytes_i32(&[-1; 10])), B::storage_read(1, bytes_i32(&input))],
            workgroups: [1, 1, 1],
            spirv_known_bug: None,
            expect: vec![(0, Expect::I32(expect))],
        });
    }
    cases
}
