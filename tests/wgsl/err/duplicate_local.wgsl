// declarations: two lets with the same name in one scope
@compute @workgroup_size(1)
fn main() {
    let a = 1;
    let a = 2;
}
