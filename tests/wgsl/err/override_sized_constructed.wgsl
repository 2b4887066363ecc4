// types: an override-sized array cannot be constructed
override n = 4;
var<workgroup> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() {
    let b = array<f32, n>()[0];
}
