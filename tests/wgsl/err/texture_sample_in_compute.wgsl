// textures: textureSample is only allowed in fragment shaders
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> out: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
    out = textureSample(t, s, vec2<f32>(0.5));
}
