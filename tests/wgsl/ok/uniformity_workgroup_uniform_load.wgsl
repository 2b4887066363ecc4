// workgroupUniformLoad gives every invocation the same value, so it can steer barriers.
var<workgroup> work_left: u32;
var<workgroup> data: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if (li == 0u) {
        work_left = 4u;
    }
    loop {
        let left = workgroupUniformLoad(&work_left);
        if (left == 0u) {
            break;
        }
        data[li] += 1.0;
        workgroupBarrier();
        if (li == 0u) {
            work_left = left - 1u;
        }
    }
    out[li] = data[li];
}
