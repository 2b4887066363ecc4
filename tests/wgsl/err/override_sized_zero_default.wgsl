// types: an override-sized array's element count must be positive (its default here is 0)
override n = 0;
var<workgroup> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() {
    a[0] = 1.0;
}
