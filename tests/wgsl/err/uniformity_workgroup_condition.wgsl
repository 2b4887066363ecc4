// naga-disagrees: naga treats workgroup memory as uniform
var<workgroup> ready: u32;

@compute @workgroup_size(64)
fn main() {
    if (ready != 0u) {
        workgroupBarrier();
    }
}
