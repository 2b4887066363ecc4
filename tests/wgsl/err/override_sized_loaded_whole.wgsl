// types: an override-sized array is not constructible, so it cannot be loaded whole
override n = 4;
var<workgroup> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() {
    let b = a;
}
