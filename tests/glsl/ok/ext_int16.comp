// Tests: GL_EXT_shader_explicit_arithmetic_types_int16 with GL_EXT_shader_16bit_storage (int16_t, uint16_t, vectors, literals with s/us suffixes).
// wgpu-target-error: 16-bit integer constants
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { int16_t a; uint16_t b; i16vec2 c; u16vec3 d; uint r; };

void main() {
    int16_t x = a * 2s + int16_t(1);
    uint16_t y = b + 3us;
    u16vec3 w = d + u16vec3(y);
    a = x; b = y; c = c + i16vec2(x); d = w;
    r = uint(x) + uint(y) + uint(w.z);
}
