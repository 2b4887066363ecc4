@compute @workgroup_size(1)
fn main() {
    let x = 1;
    x = 2;
}
