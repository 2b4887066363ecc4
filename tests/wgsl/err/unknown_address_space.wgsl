// name resolution: an unknown address space
var<global> counter: u32;

@compute @workgroup_size(1)
fn main() {
}
