// textures: a storage texture with an unknown texel format
@group(0) @binding(0) var img: texture_storage_2d<rgb8unorm, write>;

@compute @workgroup_size(1)
fn main() {
}
