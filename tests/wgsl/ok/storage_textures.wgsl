// storage textures: write-only and read_write stores, loads and dimensions
@group(0) @binding(0) var dst: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(1) var rw: texture_storage_2d<r32float, read_write>;
@group(0) @binding(2) var ro: texture_storage_2d_array<rgba32uint, read>;
@group(0) @binding(3) var dst3: texture_storage_3d<rgba16float, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(dst);
    // Barriers need uniform control flow (WGSL §15.2): before the non-uniform early return.
    textureBarrier();
    if any(id.xy >= size) { return; }
    let v = textureLoad(rw, id.xy);
    let u = textureLoad(ro, id.xy, 0);
    textureStore(dst, id.xy, vec4<f32>(v.x, f32(u.y), 0.0, 1.0));
    textureStore(rw, id.xy, v * 2.0);
    textureStore(dst3, id, vec4<f32>(1.0));
}
