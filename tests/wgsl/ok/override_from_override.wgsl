// const and override declarations, including @id and overrides depending on overrides
const BASE = 16;
const DOUBLE = BASE * 2;
@id(0) override gain: f32 = 1.5;
@id(7) override enabled: bool = true;
override bias: f32;
override scaled = gain * 2.0;
override wg_size: u32 = 64;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(wg_size)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if enabled && id.x < u32(DOUBLE) {
        out[id.x] = scaled + f32(BASE);
    }
}
