// const-eval: a vector's second component of sqrt has no real value (concrete f32)
const V = sqrt(vec2<f32>(4.0, -4.0));

@compute @workgroup_size(1)
fn main() {
    _ = V;
}
