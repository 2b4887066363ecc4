// literals: 3000000000i does not fit in i32
@compute @workgroup_size(1)
fn main() {
    let x = 3000000000i;
}
