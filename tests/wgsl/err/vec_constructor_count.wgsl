// constructors: too many components for a vec3
@compute @workgroup_size(1)
fn main() {
    let v = vec3<f32>(1.0, 2.0, 3.0, 4.0);
}
