// A shader with two errors, for the `path:` diagnostics test.
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let a: f32 = 1u;
    data[id.x] = undefined_name;
}
