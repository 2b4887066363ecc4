// A 2D texture sampled at each coordinate (x, y, level or gradient scale, unused) of `coords`
// (tests/runtime_cpu_device.rs): `level` at the explicit level of detail, `grad` with explicit
// gradients of several lengths and directions, so the level of detail falls anywhere between
// the levels.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<storage, read> coords: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(64)
fn level(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&coords) { return; }
    let c = coords[id.x];
    out[id.x] = textureSampleLevel(tex, samp, c.xy, c.z);
}

@compute @workgroup_size(64)
fn grad(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&coords) { return; }
    let c = coords[id.x];
    let g = exp2(c.z) / 8.0;
    out[id.x] = textureSampleGrad(tex, samp, c.xy, vec2<f32>(g, g * 0.3), vec2<f32>(-g * 0.2, g * 0.9));
}
