// Integer and float arithmetic on a runtime-sized storage array.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> floats: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i >= arrayLength(&data) {
        return;
    }
    data[i] = data[i] * 3u + (i ^ 5u) - (i >> 1u);
    floats[i] = fma(floats[i], 2.0, -1.0) / (1.0 + f32(i));
}
