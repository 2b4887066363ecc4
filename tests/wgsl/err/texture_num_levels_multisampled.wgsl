// textures: textureNumLevels takes a sampled or depth texture that is not multisampled
@group(0) @binding(3) var tm: texture_multisampled_2d<f32>;
@group(0) @binding(5) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = textureNumLevels(tm);
}
