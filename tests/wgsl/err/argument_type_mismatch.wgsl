// types: an argument of the wrong type to a user function
fn scale(v: vec3<f32>, s: f32) -> vec3<f32> {
    return v * s;
}

@compute @workgroup_size(1)
fn main() {
    let r = scale(vec3<f32>(1.0), true);
}
