// const-eval: constant index past the end of a fixed-size array
@compute @workgroup_size(1)
fn main() {
    var a: array<f32, 4>;
    a[4] = 1.0;
}
