// calls: an entry point cannot be called
@compute @workgroup_size(1)
fn helper() {
}

@compute @workgroup_size(1)
fn main() {
    helper();
}
