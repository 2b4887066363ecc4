@compute @workgroup_size(1)
fn main() {
    let x = y + 1;
}
