// Error: without GL_EXT_shader_explicit_arithmetic_types (or a narrower extension) `float16_t`, `int64_t` and `u8vec2` are names, not types (glslang: "undeclared identifier")
#version 450
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer B { int v; } b;
void main() {
    float16_t h = float16_t(1.5);
    b.v = int(int64_t(2));
    b.v += int(u8vec2(1, 2).x);
}
