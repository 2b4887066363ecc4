// name resolution: access to a struct member that does not exist
struct Light {
    color: vec3<f32>,
    power: f32,
}

@compute @workgroup_size(1)
fn main() {
    var l: Light;
    let p = l.intensity;
}
