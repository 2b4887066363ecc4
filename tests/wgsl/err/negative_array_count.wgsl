// types: an array size must be positive
@compute @workgroup_size(1)
fn main() {
    var a: array<f32, -1>;
}
