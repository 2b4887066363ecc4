// arguments: sqrt called with two arguments
@compute @workgroup_size(1)
fn main() {
    let x = sqrt(4.0, 2.0);
}
