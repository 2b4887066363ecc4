// entry points: a struct-free vertex shader whose result has no @builtin(position)
@vertex
fn main() -> @location(0) vec4<f32> {
    return vec4<f32>(1.0);
}
