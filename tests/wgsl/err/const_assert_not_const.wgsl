// const_assert: the condition must be a const expression
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    const_assert x == 1;
}
