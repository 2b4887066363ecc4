// entry points: workgroup size must be positive
@compute @workgroup_size(0)
fn main() {
}
