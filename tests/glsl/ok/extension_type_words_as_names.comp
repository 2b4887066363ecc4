// Tests: the explicit arithmetic type words (`int64_t`, `float16_t`, `uint8_t`, `i64vec2`, `f16mat2`) are names where no extension that declares them is enabled, as glslang's scanner reads them: functions, variables, parameters and struct members
#version 450
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer B { int v; } b;
struct S { int i64vec2; float f16mat2; };
int int64_t(int float16_t) { return float16_t + 1; }
void main() {
    int uint8_t = int64_t(2);
    S s = S(uint8_t, 0.5);
    int float32_t = s.i64vec2 + int(s.f16mat2 * 2.0);
    b.v = float32_t;
}
