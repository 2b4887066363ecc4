// Doubles every element of `data` and adds `params.offset`.
struct Params {
    offset: f32,
    count: u32,
    dir: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<uniform> params: Params;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < params.count {
        data[id.x] = data[id.x] * 2.0 + params.offset;
    }
}
