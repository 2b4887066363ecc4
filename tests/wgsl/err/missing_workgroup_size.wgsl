// entry points: a compute shader without @workgroup_size
@compute
fn main() {
}
