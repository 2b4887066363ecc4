// integer arithmetic: division, remainder, shifts, min/max/clamp/abs, dot4 packed
@group(0) @binding(0) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(1)
fn main() {
    let a = out[0];
    let b = out[1];
    let u = bitcast<u32>(a);
    out[2] = a / b + a % b + (a << 2u) + (a >> 1u) + abs(a) + min(a, b) + max(a, b) + clamp(a, -5, 5);
    out[3] = -a + (~b) + sign(a) + dot(vec2(a, b), vec2(b, a));
    out[4] = i32(u / 3u + u % 7u + (u >> 3u));
    out[5] = i32(all(vec2(a, b) == vec2(b, a))) + i32(a != b);
}
