// bit expressions: a const-expression shift amount must be below the bit width of the shifted
// value even when that value is only known at run time (WGSL §8.9): `<<` and `>>`, i32, u32,
// vectors, compound assignment
@group(0) @binding(0) var<storage, read_write> buf: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    var x = buf[0];
    buf[1] = x << 32u;
    buf[2] = u32(i32(x) >> 40u);
    let v = vec2(x) << vec2(1u, 32u);
    x >>= 33u;
    buf[3] = x << 31u;
}
