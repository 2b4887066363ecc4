// Error: integer literals that do not fit their type's bits (32 without a suffix or with `u`, 16 with `s`/`us`)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int i; uint u; int16_t s; };
void main() {
    i = 4294967296;
    u = 0x100000000u;
    i = 040000000000;
    s = 65536s;
}
