// const-eval: abstract integer arithmetic overflows i64
const BIG = 9223372036854775807 + 1;

@compute @workgroup_size(1)
fn main() {
}
