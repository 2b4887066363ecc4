// data packing and unpacking built-ins
@group(0) @binding(0) var<storage, read_write> words: array<u32>;
@group(0) @binding(1) var<storage, read_write> floats: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
    let v = floats[0];
    words[0] = pack4x8snorm(v);
    words[1] = pack4x8unorm(v);
    words[2] = pack2x16snorm(v.xy);
    words[3] = pack2x16unorm(v.zw);
    words[4] = pack2x16float(v.xy);
    floats[1] = unpack4x8snorm(words[0]) + unpack4x8unorm(words[1]);
    floats[2] = vec4(unpack2x16snorm(words[2]), unpack2x16unorm(words[3]));
    floats[3] = vec4(unpack2x16float(words[4]), 0.0, 1.0);
}
