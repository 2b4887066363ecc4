// textures: textureSample on a 2D texture with a vec3 coordinate
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main() -> @location(0) vec4<f32> {
    return textureSample(t, s, vec3<f32>(0.5));
}
