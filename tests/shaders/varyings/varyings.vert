#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#include "types.glsl"
layout(location = 0) in vec4 big;
layout(location = 1) in vec4 mid;
layout(location = 2) in vec4 pair_corner;
layout(location = 0) out HALF2 half_smooth;
layout(location = 1) flat out SHORT2 shorts;
layout(location = 5) flat out dvec2 wide;
layout(location = 2) flat out HALF half_flat;
layout(location = 3) noperspective out HALF half_linear;
layout(location = 4) flat out USHORT3 ushorts;
layout(location = 6) flat out int64_t long_value;
void main() {
    vec2 pair = pair_corner.xy;
    gl_Position = vec4(pair_corner.zw * big.w, 0.0, big.w);
    half_smooth = HALF2(f16vec2(big.xy));
    shorts = SHORT2(int16_t(mid.x), int16_t(mid.y));
    // 1 + 2^-33 and a product f32 cannot hold: the flat f64 varying keeps them.
    wide = dvec2(double(big.z) + double(mid.w) / 8589934592.0lf, double(mid.z) * double(pair.x) + double(pair.y));
    half_flat = HALF(float16_t(pair.x));
    half_linear = HALF(float16_t(pair.x * 0.5));
    ushorts = USHORT3(uint16_t(pair.y), uint16_t(65535.0 - pair.y), uint16_t(gl_VertexIndex));
    long_value = int64_t(big.z) * 0x100000001l - int64_t(mid.x);
}
