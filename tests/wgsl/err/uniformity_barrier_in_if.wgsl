// naga-disagrees: naga does not check that barriers are in uniform control flow
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_id) local_id: vec3<u32>) {
    tile[local_id.x] = local_id.x;
    if (local_id.x == 0u) {
        workgroupBarrier();
        out[0] = tile[63];
    }
}
