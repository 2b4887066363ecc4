// types: the element type of an array has a fixed size
override n = 4;
var<workgroup> a: array<array<f32, n>, 2>;
@compute @workgroup_size(1)
fn main() {
    a[0][0] = 1.0;
}
