// Tests: GL_EXT_shader_explicit_arithmetic_types_int8 arithmetic with GL_EXT_shader_8bit_storage buffers (int8_t, uint8_t, i8vec, u8vec).
// wgpu-target-error: 8-bit types in buffers (GL_EXT_shader_8bit_storage)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { int8_t a; uint8_t b; i8vec2 c; u8vec4 d; int r; };

void main() {
    int8_t x = a + int8_t(3);
    uint8_t y = b * uint8_t(2);
    i8vec2 v = c + i8vec2(x);
    u8vec4 w = d >> uint8_t(1);
    a = x; b = y; c = v; d = w;
    r = int(x) + int(y) + int(v.y) + int(w.w);
}
