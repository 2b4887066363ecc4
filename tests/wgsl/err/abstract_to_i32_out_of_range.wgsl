// const-eval: an abstract int too big for the i32 it is converted to
@compute @workgroup_size(1)
fn main() {
    let x: i32 = 3000000000;
}
