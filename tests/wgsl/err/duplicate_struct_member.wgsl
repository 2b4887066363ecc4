// declarations: a struct member declared twice
struct Vertex {
    position: vec3<f32>,
    normal: vec3<f32>,
    position: vec4<f32>,
}

@compute @workgroup_size(1)
fn main() {
}
