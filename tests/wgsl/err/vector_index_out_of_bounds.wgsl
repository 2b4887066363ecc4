// const-eval: constant index past the end of a vector
@compute @workgroup_size(1)
fn main() {
    let v = vec3<f32>(1.0, 2.0, 3.0);
    let x = v[3];
}
