// swizzles: `w` on a vec2
@compute @workgroup_size(1)
fn main() {
    let v = vec2<f32>(1.0, 2.0);
    let x = v.w;
}
