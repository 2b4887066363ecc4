// syntax: an attribute that does not exist
@compute @workgroup_size(1) @fast
fn main() {
}
