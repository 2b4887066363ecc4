// assignment: uniform buffers are read-only
struct Params {
    scale: f32,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(1)
fn main() {
    params.scale = 2.0;
}
