// declarations: constants defined in terms of each other
const A = B + 1;
const B = A + 1;

@compute @workgroup_size(1)
fn main() {
}
