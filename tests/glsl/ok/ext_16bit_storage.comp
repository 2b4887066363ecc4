// Tests: GL_EXT_shader_16bit_storage alone: 16-bit types only loaded and stored, converted to/from their 32-bit type of the same kind.
// wgpu-target-error: 16-bit push constant members
#version 450
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(push_constant) uniform PC { float16_t scale; } pc;
layout(std430, set = 0, binding = 0) buffer B { float16_t h[4]; int16_t s[4]; uint16_t u; float f; int i; uint uu; } b;

void main() {
    b.f = float(b.h[1]) * float(pc.scale);
    b.i = int(b.s[2]);
    b.uu = uint(b.u);
    b.h[0] = float16_t(b.f);
    b.s[3] = int16_t(b.i);
    b.u = uint16_t(b.uu);
}
