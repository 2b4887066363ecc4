// textures: textureNumLayers takes an arrayed texture
@group(0) @binding(1) var t2: texture_2d<f32>;
@group(0) @binding(5) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = textureNumLayers(t2);
}
