// workgroupUniformLoad and barriers
var<workgroup> flag: u32;
var<workgroup> data: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if li == 0u { flag = 1u; }
    data[li] = f32(li);
    let f = workgroupUniformLoad(&flag);
    if f == 1u {
        storageBarrier();
        out[li] = data[(li + 1u) % 64u];
    }
}
