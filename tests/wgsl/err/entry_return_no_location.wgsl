// entry points: a fragment output without @location
@fragment
fn main() -> vec4<f32> {
    return vec4<f32>(1.0);
}
