// types: an array sized by an override may only be the store type of a workgroup variable
override n = 4;
var<private> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() {
    a[0] = 1.0;
}
