// syntax: a reserved word cannot be used as an identifier
@compute @workgroup_size(1)
fn main() {
    let mut = 1;
}
