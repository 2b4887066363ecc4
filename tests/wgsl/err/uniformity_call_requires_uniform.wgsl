// naga-disagrees: naga does not check that barriers are in uniform control flow
var<workgroup> counter: atomic<u32>;

fn sync() {
    workgroupBarrier();
}

@compute @workgroup_size(64)
fn main() {
    let n = atomicAdd(&counter, 1u);
    if (n < 32u) {
        sync();
    }
}
