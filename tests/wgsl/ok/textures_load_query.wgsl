// textureLoad, textureDimensions, textureNumLevels, textureNumSamples
@group(0) @binding(0) var t1: texture_1d<u32>;
@group(0) @binding(1) var t2: texture_2d<f32>;
@group(0) @binding(2) var ta: texture_2d_array<i32>;
@group(0) @binding(3) var tm: texture_multisampled_2d<f32>;
@group(0) @binding(4) var td: texture_depth_2d;
@group(0) @binding(5) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    let dims = textureDimensions(t2) + textureDimensions(t2, 1);
    let n = textureNumLevels(t2) + textureNumSamples(tm) + textureDimensions(t1);
    let a = textureLoad(t2, vec2<i32>(1, 2), 0);
    let b = vec4<f32>(textureLoad(ta, vec2<u32>(0u), 1, 0));
    let c = textureLoad(tm, vec2<i32>(0), 3);
    let d = textureLoad(td, vec2<i32>(0), 0);
    let e = f32(textureLoad(t1, 0, 0).x);
    out[0] = a + b + c + vec4(d, e, f32(dims.x), f32(n));
}
