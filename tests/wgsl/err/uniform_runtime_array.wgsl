// layout: runtime-sized arrays are not allowed in uniform buffers
@group(0) @binding(0) var<uniform> values: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
}
