// Tests: GL_EXT_shader_explicit_arithmetic_types_int64: int64_t/uint64_t scalars and vectors, l/ul literals, 64-bit buffer members, shifts and conversions.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { int64_t a; uint64_t b; i64vec2 c; u64vec3 d; uint lo; };

void main() {
    int64_t x = a * 3l - 1l;
    uint64_t y = b + 0xFFFFFFFFFul;
    u64vec3 w = d << 4ul;
    a = x; b = y; c = c + i64vec2(x); d = w;
    lo = uint(y >> 32ul) ^ uint(y);
}
