// types: adding vectors of different sizes
@compute @workgroup_size(1)
fn main() {
    let a = vec3<f32>(1.0);
    let b = vec2<f32>(2.0);
    let c = a + b;
}
