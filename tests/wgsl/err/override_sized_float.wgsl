// types: an array's element count is an integer
override n = 4.0;
var<workgroup> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() {
    a[0] = 1.0;
}
