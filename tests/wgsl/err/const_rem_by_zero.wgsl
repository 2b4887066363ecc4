// const-eval: integer remainder by zero with typed constants
const A: i32 = 7;
const B: i32 = 0;
const C = A % B;

@compute @workgroup_size(1)
fn main() {
}
