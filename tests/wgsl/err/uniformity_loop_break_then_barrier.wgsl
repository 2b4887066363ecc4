// naga-disagrees: naga does not check that barriers are in uniform control flow
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    var i = 0u;
    loop {
        if (i == li) {
            break;
        }
        workgroupBarrier();
        i = i + 1u;
    }
}
