// const and override declarations, with and without @id and defaults
const BASE = 16;
const DOUBLE = BASE * 2;
@id(0) override gain: f32 = 1.5;
@id(7) override enabled: bool = true;
override bias: f32 = 0.25;
const scaled = 3.0;
override wg_size: u32 = 64;
const_assert DOUBLE == 32;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if enabled && id.x < u32(DOUBLE) && id.x < wg_size {
        out[id.x] = gain * scaled + bias + f32(BASE);
    }
}
