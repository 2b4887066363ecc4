// Error: with GL_EXT_shader_explicit_arithmetic_types enabled, `int64_t` is a type keyword and cannot name a function or a variable (glslang: syntax error)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer B { int v; } b;
int int64_t(int x) { return x; }
void main() {
    int float16_t = 1;
    b.v = float16_t;
}
