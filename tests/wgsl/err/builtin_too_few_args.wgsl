// arguments: clamp called with two arguments instead of three
@compute @workgroup_size(1)
fn main() {
    let x = clamp(1.0, 0.0);
}
