// entry points: a fragment input without @location or @builtin
@fragment
fn main(color: vec4<f32>) -> @location(0) vec4<f32> {
    return color;
}
