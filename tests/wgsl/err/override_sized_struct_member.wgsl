// types: a struct member cannot be an override-sized array
override n = 4;
struct S {
    a: array<f32, n>,
}
var<workgroup> s: S;
@compute @workgroup_size(1)
fn main() {
    s.a[0] = 1.0;
}
