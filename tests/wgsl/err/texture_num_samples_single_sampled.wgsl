// textures: textureNumSamples takes a multisampled texture, textureNumLevels one that is not,
// textureNumLayers an arrayed one (SHADER_MUTANTS_SEED=14: `textureNumSamples(t2)` of a
// texture_2d was accepted and gave SPIR-V spirv-val refuses, "Image 'MS' must be 1")
@group(0) @binding(1) var t2: texture_2d<f32>;
@group(0) @binding(5) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = textureNumSamples(t2);
}
