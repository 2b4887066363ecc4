// The hot_reload example's kernel (examples/hot_reload.rs): edit `shade` while the example
// runs; the next iteration uses the new code. Changing a binding, a member of `Params` or the
// workgroup size is refused (the program was compiled for this interface).
struct Params { width: u32, time: f32 }

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> row: array<f32>;

fn shade(x: f32, t: f32) -> f32 {
    return 0.5 + 0.5 * sin(x * 6.2831853 + t);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < params.width {
        row[id.x] = shade(f32(id.x) / f32(params.width), params.time);
    }
}
