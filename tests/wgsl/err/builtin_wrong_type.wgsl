// entry points: global_invocation_id must be vec3<u32>
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: u32) {
    data[id] = 1u;
}
