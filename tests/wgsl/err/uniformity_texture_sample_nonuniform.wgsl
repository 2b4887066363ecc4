// naga-disagrees: naga does not check derivative uniformity
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var color = vec4<f32>(0.0);
    if (uv.x < 0.5) {
        color = textureSample(t, s, uv);
    }
    return color;
}
