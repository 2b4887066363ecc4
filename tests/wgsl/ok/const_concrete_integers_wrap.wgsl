// Const-expressions of concrete 32-bit integers wrap on `+`, `-` and `*` (two's complement,
// modulo 2^32), as Tint's and naga's evaluators do; only AbstractInt overflow is an error
// (SHADER_MUTANTS_SEED=15: `vec3<u32>()[1] + 4294967295` plus 1u). The stored values are
// 2147483648 (u32 of i32 -2147483648), 0, 4294967295 and 0.
const big = vec3<u32>()[1] + 4294967295;
const t = true;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    out[0] = u32(2147483647i + 1i);
    out[1] = u32(t) + big;
    out[2] = 0u - 1u;
    out[3] = 65536u * 65536u;
}
