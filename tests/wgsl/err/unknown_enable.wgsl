// extensions: an enable directive for an unknown extension
enable quantum_computing;

@compute @workgroup_size(1)
fn main() {
}
