// naga-disagrees: naga does not check that barriers are in uniform control flow
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var first = false;
    if (gid.x == 0u) {
        first = true;
    }
    if (first) {
        workgroupBarrier();
    }
}
