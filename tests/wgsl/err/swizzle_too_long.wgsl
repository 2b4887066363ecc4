// swizzles: more than four components
@compute @workgroup_size(1)
fn main() {
    let v = vec4<f32>(1.0);
    let x = v.xyzwx;
}
