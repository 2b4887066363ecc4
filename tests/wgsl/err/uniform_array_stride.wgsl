// layout: array<f32, 4> in a uniform buffer has stride 4, not a multiple of 16
struct Params {
    weights: array<f32, 4>,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(1)
fn main() {
    let p = params;
}
