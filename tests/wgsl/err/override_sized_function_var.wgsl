// types: a function variable cannot be an override-sized array
override n = 4;
@compute @workgroup_size(1)
fn main() {
    var a: array<f32, n>;
    a[0] = 1.0;
}
