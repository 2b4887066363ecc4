// naga-disagrees: naga does not check that barriers are in uniform control flow
struct Control { steps: u32, flag: u32 }
@group(0) @binding(0) var<storage, read_write> control: Control;

@compute @workgroup_size(64)
fn main() {
    for (var i = 0u; i < control.steps; i++) {
        storageBarrier();
    }
}
