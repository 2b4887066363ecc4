// arithmetic: an integer `/` or `%` by a const-expression zero is a shader-creation error even
// when the dividend is only known at run time (WGSL §8.7): i32, u32, vectors, compound
// assignment; a zero float divisor and an override divisor are not errors here
override D: i32 = 0;
const ZERO = 0u;

@group(0) @binding(0) var<storage, read_write> buf: array<i32, 4>;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) i: u32) {
    var x = buf[0];
    buf[1] = x / 0;
    buf[2] = i32(i % ZERO);
    let v = vec2(x) / vec2(1, 0);
    x %= 0i;
    let f = f32(x) / 0.0;
    let o = x / D;
}
