// naga-disagrees: naga does not check workgroupUniformLoad uniformity
var<workgroup> shared_value: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if (li % 2u == 0u) {
        let v = workgroupUniformLoad(&shared_value);
    }
}
