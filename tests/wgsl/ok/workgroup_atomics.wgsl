// Workgroup memory, barriers and atomics.
var<workgroup> partial: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    partial[i] = i;
    workgroupBarrier();
    if i == 0u {
        var sum = 0u;
        for (var k = 0u; k < 64u; k++) {
            sum += partial[k];
        }
        atomicAdd(&total, sum);
    }
}
