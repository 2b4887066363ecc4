@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return sample_right(uv) * 0.5;
}

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@diagnostic(off, derivative_uniformity)
fn sample_right(uv: vec2<f32>) -> vec4<f32> {
    if uv.x > 0.5 {
        return textureSample(t, s, uv);
    }
    return vec4<f32>(0.0);
}
