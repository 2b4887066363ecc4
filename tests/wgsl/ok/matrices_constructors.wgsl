// matrices and all vector/matrix constructor forms
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    let s = vec4<f32>(1.0);
    let a = vec4(1.0, 2.0, 3.0, 4.0);
    let b = vec4<f32>(vec2<f32>(1.0, 2.0), 3.0, 4.0);
    let c = vec4(vec3(1.0, 2.0, 3.0), 4.0);
    let d = vec4<f32>(vec2(1.0), vec2(2.0));
    let i = vec3<i32>(vec3<u32>(1u, 2u, 3u));
    let z = vec2<f32>();
    let m2 = mat2x2<f32>(1.0, 0.0, 0.0, 1.0);
    let m3 = mat3x3<f32>(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));
    let m4 = mat4x4(s, a, b, c);
    let m23 = mat2x3<f32>();
    let t = transpose(m4) * m4;
    let id = m2 * m2;
    out[0] = t * d + vec4(m3[1], f32(i.z)) + vec4(id[0], z) + vec4(m23[1], determinant(m3));
}
