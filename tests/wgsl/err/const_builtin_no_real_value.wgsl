// const-eval: acos(2) has no real value (WGSL §8: a NaN const-expression result is an error)
const A = acos(2.0);

@compute @workgroup_size(1)
fn main() {
    _ = A;
}
