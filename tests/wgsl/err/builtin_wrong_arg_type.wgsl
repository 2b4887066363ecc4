// arguments: dot product of a vector and a scalar
@compute @workgroup_size(1)
fn main() {
    let x = dot(vec3<f32>(1.0), 2.0);
}
