// types: a fixed array size must be constant
@compute @workgroup_size(1)
fn main() {
    var n = 4;
    var a: array<f32, n>;
}
