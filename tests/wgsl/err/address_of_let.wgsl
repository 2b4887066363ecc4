// pointers: cannot take the address of a let
@compute @workgroup_size(1)
fn main() {
    let x = 1;
    let p = &x;
}
