// GL_EXT_shader_explicit_arithmetic_types pack/unpack and GL_ARB_gpu_shader_int64 packInt2x32 (bitcasts)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { uint v[4]; uint64_t w; };
// expect: OpBitcast %v4uchar
void main() {
    u8vec4 bytes = unpack8(v[0]);
    v[1] = pack32(bytes.wzyx);
    u16vec2 halves = unpack16(v[2]);
    v[2] = pack32(halves.yx);
    w = packUint2x32(uvec2(v[0], v[1]));
    uvec2 back = unpackUint2x32(w);
    v[3] = back.x ^ back.y ^ uint(pack16(u8vec2(bytes.xy)));
}
