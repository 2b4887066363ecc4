// sampled textures: textureSample, SampleLevel, SampleGrad, SampleBias, SampleCompare, Gather
@group(0) @binding(0) var t2: texture_2d<f32>;
@group(0) @binding(1) var tc: texture_cube<f32>;
@group(0) @binding(2) var ta: texture_2d_array<f32>;
@group(0) @binding(3) var t3: texture_3d<f32>;
@group(0) @binding(4) var td: texture_depth_2d;
@group(0) @binding(5) var s: sampler;
@group(0) @binding(6) var sc: sampler_comparison;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var c = textureSample(t2, s, uv);
    c += textureSample(t2, s, uv, vec2<i32>(1, -1));
    c += textureSampleLevel(tc, s, vec3(uv, 1.0), 2.0);
    c += textureSampleGrad(ta, s, uv, 1, vec2(0.1), vec2(0.2));
    c += textureSampleBias(t3, s, vec3(uv, 0.5), 0.5);
    c += textureGather(1, t2, s, uv);
    c += textureGatherCompare(td, sc, uv, 0.5);
    let d = textureSampleCompare(td, sc, uv, 0.5) + textureSampleCompareLevel(td, sc, uv, 0.5);
    return c * d;
}
