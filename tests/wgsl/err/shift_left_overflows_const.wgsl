// bit expressions: in a const-expression `e1 << e2` the bits shifted out must equal the
// result's sign bit (WGSL §8.9): signed i32 and AbstractInt, unsigned u32; vectors too
const A = 1i << 31;
const B = 0x80000000u << 1u;
const C = 1 << 63;
const D = vec2(1u, 0xF0000000u) << vec2(1u, 4u);
// These fit: -2^31, 2^31, 2^62.
const E = -1i << 31;
const F = 1u << 31u;
const G = 1 << 62;

@compute @workgroup_size(1)
fn main() {
}
