// types: arithmetic on booleans
@compute @workgroup_size(1)
fn main() {
    let a = true;
    let b = a + 1;
}
