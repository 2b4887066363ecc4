// Function attributes filter the derivative rule: `off` silences it, `warning` downgrades it
// (the module still compiles), also for callers of the function.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@diagnostic(warning, derivative_uniformity)
fn soft(uv: vec2<f32>) -> vec4<f32> {
    return textureSample(t, s, uv);
}

@diagnostic(off, derivative_uniformity)
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var color = vec4<f32>(0.0);
    if (uv.x < 0.5) {
        color = textureSampleBias(t, s, uv, 1.0) + fwidth(uv).xyxy;
    }
    if (uv.y < 0.5) {
        color += soft(uv);
    }
    return color;
}
