// const-eval: integer division by zero in a const expression
const A = 10;
const B = A / 0;

@compute @workgroup_size(1)
fn main() {
}
