//! The table of GLSL compute programs `tests/glsl_exec.rs` runs on the GPU (ours against
//! glslang's) and `tests/cpu_device.rs` runs on the CPU device: each reads `inp.a[i]` (64
//! values) and writes `outp.r[i]`; see `glsl_exec.rs` for the ULP bounds.

use super::{bytes_f32, bytes_i32, bytes_u32};

#[derive(Clone, Copy)]
pub enum Ty {
    U32,
    I32,
    F32,
}

impl Ty {
    pub fn glsl(self) -> &'static str {
        match self {
            Ty::U32 => "uint",
            Ty::I32 => "int",
            Ty::F32 => "float",
        }
    }
}

/// (name, input type, output type, helper code, body computing `r` from `x` and `i`, float ULPs)
pub type Case = (&'static str, Ty, Ty, &'static str, &'static str, u32);

pub const CASES: &[Case] = &[
    ("add_mul", Ty::U32, Ty::U32, "", "r = x * 3u + i;", 0),
    // `%` with a negative operand is undefined in GLSL (glslang emits OpSMod, we OpSRem).
    ("int_div_mod", Ty::I32, Ty::I32, "", "r = (x - 30) / 7 + (x * 5 + 3) % 7;", 0),
    ("shifts_bits", Ty::U32, Ty::U32, "", "r = (x << 3) ^ (x >> 1) | (x & 5u);", 0),
    ("signed_shift", Ty::I32, Ty::I32, "", "r = (x - 32) >> 2;", 0),
    ("bit_count", Ty::U32, Ty::I32, "", "r = bitCount(int(x * 2654435761u)) + findLSB(int(x)) * 100 + findMSB(int(x) - 20) * 10000;", 0),
    ("bitfield", Ty::U32, Ty::U32, "", "r = bitfieldExtract(x * 77777u, 3, 9) + bitfieldInsert(x, 7u, 4, 3) + bitfieldReverse(x);", 0),
    ("uadd_carry", Ty::U32, Ty::U32, "", "uint c; uint s = uaddCarry(x * 0x9E3779B9u, 0xF0000000u, c); r = s + c * 1000u;", 0),
    // umulExtended/imulExtended: we spell them out in 32-bit arithmetic (naga has no
    // OpUMulExtended); glslang's instruction cannot run through wgpu, so the CPU is the referee.
    ("umul_extended", Ty::U32, Ty::U32, "", "uint hi, lo; umulExtended(x * 0x9E3779B9u, x * 2654435u + 0xFFFF0001u, hi, lo); r = hi ^ (lo * 3u);", 0),
    ("umul_extended_vec", Ty::U32, Ty::U32, "",
     "uvec2 hi, lo; umulExtended(uvec2(x, x + 7u) * 0x9E3779B9u, uvec2(0xFFFFFFFFu, x), hi, lo); r = (hi.x + hi.y * 7u + lo.x) ^ lo.y;", 0),
    ("imul_extended", Ty::I32, Ty::I32, "", "int hi, lo; imulExtended((x - 32) * 0x3779B9, (x - 40) * -12345679, hi, lo); r = hi ^ (lo * 3);", 0),
    ("usub_borrow", Ty::U32, Ty::U32, "", "uint b; uint d = usubBorrow(x * 3u, 40u, b); r = d ^ (b << 31);", 0),
    ("shared_memory", Ty::U32, Ty::U32, "shared uint tile[64];", "tile[i] = x * x; barrier(); r = tile[63u - i] + tile[(i + 1u) % 64u];", 0),
    ("min_max_clamp_int", Ty::I32, Ty::I32, "", "r = clamp(x - 20, -5, 17) + min(x, 9) * max(x, 40);", 0),
    ("abs_sign_int", Ty::I32, Ty::I32, "", "r = abs(x - 31) * sign(x - 31);", 0),
    ("for_loop_sum", Ty::U32, Ty::U32, "", "uint s = 0u; for (uint k = 0u; k <= x; ++k) { if (k % 3u == 0u) continue; s += k; } r = s;", 0),
    ("while_collatz", Ty::U32, Ty::U32, "", "uint n = x + 1u; uint steps = 0u; while (n != 1u) { n = (n % 2u == 0u) ? n / 2u : 3u * n + 1u; steps++; } r = steps;", 0),
    ("do_while", Ty::I32, Ty::I32, "", "int k = x; int c = 0; do { k -= 5; c++; } while (k > 0); r = c;", 0),
    ("switch_fallthrough", Ty::I32, Ty::I32, "", "int s = 0; switch (x % 5) { case 0: s += 1; case 1: s += 10; break; case 2: case 3: s += 100; break; default: s = -1; } r = s;", 0),
    ("inout_params", Ty::I32, Ty::I32, "void bump(inout int a, out int b, int c) { a += c; b = a * 2; c = 0; }", "int a = x; int b; bump(a, b, 3); r = a + b;", 0),
    // `in out` is `inout` (GLSL 4.60 §4.7, glslang merges the two): the argument's value is
    // copied in. Read as `out` it was not, and the function added to an undefined value.
    ("in_out_params", Ty::I32, Ty::I32, "void acc(in out int p, const in int q) { p += q; } void acc2(out in int p) { p *= 3; }", "int t = x; acc(t, 5); acc2(t); r = t;", 0),
    // Evaluation order (GLSL 4.60 §5.9: `&&`, `||`, `?:` and `,` evaluate left to right and
    // skip the unused operand; §6.1.1: arguments are evaluated "in order, from left to right"),
    // each step recorded in a global trace so a different order gives a different number.
    ("order_call_arguments", Ty::I32, Ty::I32, "int trace; int push(int k) { trace = trace * 5 + k; return trace; } int f3(int a, int b, int c) { return a + b * 7 + c * 49; }",
     "trace = x; int s = f3(push(1), push(2), push(3)); r = s * 1000 + trace;", 0),
    ("order_nested_calls", Ty::I32, Ty::I32, "int trace; int push(int k) { trace = trace * 5 + k; return trace; } int f2(int a, int b) { return a - b * 3; }",
     "trace = x; int s = f2(push(1) + push(2), f2(push(3), push(4)) * push(1)); r = s + trace * 100000;", 0),
    ("order_binary_operands", Ty::I32, Ty::I32, "int trace; int push(int k) { trace = trace * 5 + k; return trace; }",
     "trace = x; int s = push(1) - push(2) * push(3); r = s + trace * 100000;", 0),
    // `mix(x, y, bvec)` is a select: its arguments are evaluated x, y, then the condition.
    ("order_mix_select", Ty::I32, Ty::I32, "int trace; int push(int k) { trace = trace * 5 + k; return trace; }",
     "trace = x; int s = mix(push(1), push(2), (push(3) & 1) == 0); r = s + trace * 1000;", 0),
    ("order_postincrement_operands", Ty::I32, Ty::I32, "", "int k = x; int s = k++ + k; int u = k * ++k; int v = k-- - --k; r = s + u * 10 + v * 1000000 + k * 100000000;", 0),
    ("order_index_postincrement", Ty::I32, Ty::I32, "",
     "int a[4] = int[4](0, 0, 0, 0); int k = x % 3; a[k++] = k * 10; a[k] = k++; r = a[0] + a[1] * 100 + a[2] * 10000 + a[3] * 1000000 + k * 100000000;", 0),
    ("order_compound_assignment", Ty::I32, Ty::I32, "int trace; int push(int k) { trace = trace * 5 + k; return trace; }",
     "int a[4] = int[4](1, 2, 3, 4); int k = x % 3; a[k++] += k * 10; trace = x % 7; a[push(1) % 4] -= push(2); a[k] *= k++; r = a[0] + a[1] * 100 + a[2] * 10000 + a[3] * 1000000 + k * 100000000 + trace;", 0),
    ("order_short_circuit", Ty::I32, Ty::I32, "int c; bool bump(int v, bool res) { c += v; return res; }",
     "c = 0; bool p = x > 20 && bump(1, true); bool q = x > 40 || bump(10, x % 2 == 0); bool w = (x % 3 == 0 && bump(100, true)) || bump(1000, false); \
      int t = x % 4 == 0 ? (bump(10000, true) ? 1 : 2) : (bump(100000, false) ? 3 : 4); r = c + int(p) * 2 + int(q) * 4 + int(w) * 8 + t * 16;", 0),
    ("order_comma_and_assignment_chain", Ty::I32, Ty::I32, "", "int k = x; int s = (k += 3, k * 2); int a, b; a = b = k++; r = s + (a + b) * 1000 + k * 1000000;", 0),
    ("overloads", Ty::I32, Ty::I32, "int f(int a) { return a + 1; } int f(uint a) { return int(a) * 2; } int f(float a) { return int(a) * 3; }", "r = f(x) + f(uint(x)) + f(float(x));", 0),
    ("array_local", Ty::I32, Ty::I32, "const int T[5] = int[5](3, 1, 4, 1, 5);", "int a[4]; for (int k = 0; k < 4; k++) a[k] = x * k; r = a[x % 4] + T[x % 5];", 0),
    ("struct_local", Ty::I32, Ty::I32, "struct S { int a; ivec2 b; };", "S s = S(x, ivec2(2, 3)); s.b.y += s.a; r = s.b.x * s.b.y;", 0),
    ("vector_swizzle", Ty::I32, Ty::I32, "", "ivec4 v = ivec4(x, x + 1, x + 2, x + 3); v.wx = v.xw; v.yz += ivec2(10); r = v.x * 1000 + v.y * 100 + v.z * 10 + v.w;", 0),
    ("ternary_logic", Ty::U32, Ty::U32, "", "bool a = x > 10u; bool b = (x & 1u) == 1u; r = (a && !b) ? 1u : ((a ^^ b) ? 2u : 3u);", 0),
    ("int_float_convert", Ty::I32, Ty::F32, "", "r = float(x) * 0.5 + float(uint(x) * 3u);", 0),
    ("float_arith", Ty::F32, Ty::F32, "", "r = x * 1.5 - 2.0 + x * x;", 0),
    ("floor_fract", Ty::F32, Ty::F32, "", "float y = x * 0.37 - 5.0; r = floor(y) * 10.0 + fract(y) + ceil(y) * 100.0 + trunc(y) * 1000.0;", 0),
    ("min_max_mix", Ty::F32, Ty::F32, "", "r = mix(min(x, 10.0), max(x, 20.0), 0.25) + clamp(x, 2.0, 7.5) + step(30.0, x);", 0),
    ("float_bits", Ty::F32, Ty::U32, "", "r = floatBitsToUint(x * 3.0) ^ uint(floatBitsToInt(-x));", 0),
    ("vector_math", Ty::F32, Ty::F32, "", "vec3 v = vec3(x, 1.0, 2.0); vec3 w = vec3(0.5, x, -1.0); r = dot(v, w) + cross(v, w).y;", 0),
    ("matrix_vector", Ty::F32, Ty::F32, "", "mat3 m = mat3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, x); vec3 v = m * vec3(1.0, 0.5, 0.25) + vec3(1.0, 2.0, 3.0) * m; r = v.x + v.y * 2.0 + v.z * 3.0;", 0),
    ("matrix_ops", Ty::F32, Ty::F32, "", "mat2 a = mat2(x, 1.0, 2.0, 3.0); mat2 b = transpose(a) * a; r = b[0][0] + b[1][0] * 2.0 + b[1][1] * 3.0 + matrixCompMult(a, a)[1][1];", 0),
    ("transcendental", Ty::F32, Ty::F32, "", "float y = x * 0.1; r = sin(y) + cos(y) * 2.0 + exp(y * 0.1) + sqrt(y + 1.0) + atan(y, 2.0);", 8),
    ("pow_log", Ty::F32, Ty::F32, "", "float y = x * 0.25 + 1.0; r = pow(y, 1.5) + log2(y) + inversesqrt(y);", 8),
    ("pack_unpack", Ty::F32, Ty::U32, "", "vec4 v = vec4(x / 64.0, 0.5, 0.25, 1.0); r = packUnorm4x8(v) ^ packHalf2x16(vec2(x, -x));", 0),
    ("global_private", Ty::U32, Ty::U32, "uint counter = 5u; void tick() { counter += 2u; }", "tick(); tick(); r = counter * x;", 0),
    // Built-ins in constant initializers are folded at compile time (§4.3.3) by both
    // compilers; one ULP allows for f64-then-round folding against glslang's.
    ("const_folded_builtins", Ty::F32, Ty::F32,
     "const vec2 N = normalize(vec2(3.0, 4.0)); const float L = length(vec3(1.0, 2.0, 2.0)) + distance(vec2(0.0), vec2(6.0, 8.0)); \
      const vec3 C = cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)); const float S = smoothstep(0.0, 4.0, 1.0) + mix(2.0, 4.0, 0.25) + clamp(7.5, 0.0, 5.0); \
      const vec2 F = fract(vec2(2.75, -0.25)) + mod(vec2(7.0, -7.0), 3.0) + step(0.5, vec2(0.25, 0.75)) + atan(1.0, 1.0) + inversesqrt(4.0);",
     "r = x * N.y + L + C.z + S + F.x * 10.0 + F.y * 100.0 + dot(N, vec2(1.0));", 1),
    // Scalar geometric functions and non-square outer products, which we spell out (naga's
    // SPIR-V reader rejects the GLSL.std.450 forms) while glslang emits the instructions.
    ("scalar_geometric", Ty::F32, Ty::F32, "",
     "float a = x - 31.5; float b = 0.25 * x; r = normalize(a) + reflect(a, b) + faceforward(a, b, a - 3.0) + length(b) + dot(a, b);", 2),
    ("outer_nonsquare", Ty::F32, Ty::F32, "",
     "mat2x3 m = outerProduct(vec3(x, 1.0, 2.0), vec2(3.0, x)); mat4x2 n = outerProduct(vec2(x, 2.0), vec4(1.0, 2.0, x, 4.0)); \
      r = m[1][0] + m[0][2] * 10.0 + m[1][1] * 100.0 + n[2][0] + n[3][1] * 1000.0;", 0),
    ("compound_assign", Ty::I32, Ty::I32, "", "int a = x; a *= 3; a -= 4; a <<= 1; a |= 1; a ^= 6; r = a + (x * 7) % 13;", 0),
    // GL_KHR_memory_scope_semantics: atomics with explicit scopes and semantics on shared
    // memory; every invocation sees the same totals after the barrier.
    (
        "scoped_atomics",
        Ty::U32,
        Ty::U32,
        "#extension GL_KHR_memory_scope_semantics : require\nshared uint total; shared uint top;",
        "if (i == 0u) { total = 0u; top = 0u; } barrier(); \
         atomicAdd(total, x, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed); \
         atomicMax(top, x * 3u, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelease); \
         controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease); \
         r = atomicLoad(total, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquire) \
           + atomicLoad(top, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed) * 10000u + x;",
        0,
    ),
    // Arrays declared `[]` without an initializer, sized by their largest constant index
    // (GLSL 4.60 §4.1.9): a local array of arrays and a private global used by two functions.
    (
        "implicitly_sized_arrays",
        Ty::I32,
        Ty::I32,
        "int g[];\nint twice() { g[3] = g[1] * 2; return g[3]; }",
        "int a[][2]; a[2][1] = x; a[0][0] = x * 3; a[1][1] = a[2][1] - 5; g[1] = a[2][1] + int(i); \
         r = a[0][0] + a[1][1] * 100 + twice() * 10000;",
        0,
    ),
];

pub fn input(ty: Ty) -> Vec<u8> {
    match ty {
        Ty::U32 => bytes_u32(&(0..64).collect::<Vec<u32>>()),
        Ty::I32 => bytes_i32(&(0..64).collect::<Vec<i32>>()),
        Ty::F32 => bytes_f32(&(0..64).map(|v| v as f32 * 0.75 + 0.5).collect::<Vec<f32>>()),
    }
}

pub fn source(case: &Case) -> String {
    let (_, tin, tout, helpers, body, _) = case;
    // `#extension` lines of the helpers go before any declaration (GLSL 4.60 §3.3).
    let (extensions, helpers): (Vec<&str>, Vec<&str>) = helpers.lines().partition(|l| l.starts_with("#extension"));
    let (extensions, helpers) = (extensions.join("\n"), helpers.join("\n"));
    format!(
        "#version 450\n{extensions}\nlayout(local_size_x = 64) in;\n\
         layout(std430, set = 0, binding = 0) buffer In {{ {} a[]; }} inp;\n\
         layout(std430, set = 0, binding = 1) buffer Out {{ {} r[]; }} outp;\n\
         {helpers}\n\
         void main() {{\n    uint i = gl_GlobalInvocationID.x;\n    {} x = inp.a[i];\n    {} r;\n    {body}\n    outp.r[i] = r;\n}}\n",
        tin.glsl(),
        tout.glsl(),
        tin.glsl(),
        tout.glsl()
    )
}

pub fn ulps(a: f32, b: f32) -> u32 {
    if a.to_bits() == b.to_bits() {
        return 0;
    }
    let key = |f: f32| {
        let b = f.to_bits() as i64;
        if b < 0x8000_0000 { b } else { 0x8000_0000 - b }
    };
    (key(a) - key(b)).unsigned_abs().min(u32::MAX as u64) as u32
}

/// CPU results for cases whose glslang output wgpu cannot load.
pub fn cpu_reference(name: &str) -> Option<fn(u32) -> u32> {
    match name {
        "uadd_carry" => Some(|x| {
            let (s, c) = x.wrapping_mul(0x9E37_79B9).overflowing_add(0xF000_0000);
            s.wrapping_add(c as u32 * 1000)
        }),
        "usub_borrow" => Some(|x| {
            let (d, b) = (x * 3).overflowing_sub(40);
            d ^ ((b as u32) << 31)
        }),
        "umul_extended" => Some(|x| {
            let a = u64::from(x.wrapping_mul(0x9E37_79B9));
            let b = u64::from(x.wrapping_mul(2_654_435).wrapping_add(0xFFFF_0001));
            let p = a * b;
            ((p >> 32) as u32) ^ (p as u32).wrapping_mul(3)
        }),
        "umul_extended_vec" => Some(|x| {
            let wide = |a: u32, b: u32| u64::from(a) * u64::from(b);
            let p = wide(x.wrapping_mul(0x9E37_79B9), 0xFFFF_FFFF);
            let q = wide((x + 7).wrapping_mul(0x9E37_79B9), x);
            ((p >> 32) as u32).wrapping_add(((q >> 32) as u32).wrapping_mul(7)).wrapping_add(p as u32) ^ (q as u32)
        }),
        "imul_extended" => Some(|i| {
            let x = i as i32;
            let p = i64::from((x - 32).wrapping_mul(0x37_79B9)) * i64::from((x - 40).wrapping_mul(-12_345_679));
            (((p >> 32) as i32) ^ (p as i32).wrapping_mul(3)) as u32
        }),
        // Float cases get the input `i * 0.75 + 0.5` and return the result's bits.
        "scalar_geometric" => Some(|i| {
            let x = i as f32 * 0.75 + 0.5;
            let (a, b) = (x - 31.5, 0.25 * x);
            let reflect = a - 2.0 * b * a * b;
            let faceforward = if (a - 3.0) * b < 0.0 { a } else { -a };
            (a.signum() + reflect + faceforward + b.abs() + a * b).to_bits()
        }),
        "outer_nonsquare" => Some(|i| {
            let x = i as f32 * 0.75 + 0.5;
            (x * x + 2.0 * 3.0 * 10.0 + x * 100.0 + x * x + 2.0 * 4.0 * 1000.0).to_bits()
        }),
        _ => None,
    }
}
