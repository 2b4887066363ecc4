// name resolution: a call to a function that is not declared
@compute @workgroup_size(1)
fn main() {
    let x = frobnicate(1.0);
}
