// WGSL value constructors: `vecN()` without a template is the zero vector of AbstractInt,
// converted on use (repro shared/repros/wgsl/zero_vec.wgsl and its neighbours).
fn take(a: vec2f, b: vec4<i32>, c: vec3<u32>) -> f32 { return a.x + f32(b.y) + f32(c.z); }
const Z4 = vec4();
const Z3: vec3<f32> = vec3();
@group(0) @binding(0) var<storage, read_write> out: vec4<f32>;
@compute @workgroup_size(1) fn main() {
    let x = take(vec2(), vec4(), vec3());
    var s = vec4().xy;
    let u: vec2<u32> = vec2();
    let f = Z4 * 1.5;
    var g: vec3<f32> = vec3();
    g += Z3;
    out = vec4(x + f32(s.x) + f32(u.y), f.y, g.z, f32(Z4.w));
}
