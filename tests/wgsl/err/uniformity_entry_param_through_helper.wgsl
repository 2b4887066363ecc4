// naga-disagrees: naga does not check derivative uniformity
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

fn shade(uv: vec2<f32>, lit: bool) -> vec4<f32> {
    if (lit) {
        return textureSample(t, s, uv);
    }
    return vec4<f32>(0.0);
}

@fragment
fn main(@builtin(front_facing) front: bool, @location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return shade(uv, front);
}
