// select, all, any and bitcast on scalars and vectors
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    let f = vec3<f32>(1.0, -2.0, 3.0);
    let mask = f > vec3(0.0);
    let pos = select(vec3(0.0), f, mask);
    let s = select(1u, 2u, all(mask));
    let t = select(3u, 4u, any(mask));
    let bits = bitcast<vec3<u32>>(pos);
    let back = bitcast<f32>(bits.x);
    let i = bitcast<i32>(s);
    out[0] = s + t + bits.z + u32(back) + u32(i) + select(0u, 1u, all(true)) + select(0u, 1u, any(vec2(false)));
}
