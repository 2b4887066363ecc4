// name resolution: an unknown type as a struct member type
struct Particle {
    position: vec3<f32>,
    velocity: vector3,
}

@compute @workgroup_size(1)
fn main() {
}
