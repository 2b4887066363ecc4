// types: let with a declared type that does not match the initializer
@compute @workgroup_size(1)
fn main() {
    let x: u32 = 1.5;
}
