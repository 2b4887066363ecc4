// naga-disagrees: naga does not check that barriers are in uniform control flow
var<private> seed: u32 = 7u;

fn maybe_sync(enabled: bool) {
    if (enabled) {
        workgroupBarrier();
    }
}

@compute @workgroup_size(64)
fn main() {
    maybe_sync(seed > 3u);
}
