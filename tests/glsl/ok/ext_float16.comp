// Tests: GL_EXT_shader_explicit_arithmetic_types_float16 with 16-bit storage: float16_t, f16vec, f16mat, hf literals, conversions, built-ins on halves.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { float16_t a; f16vec2 b; f16vec4 c; f16mat2 m; float r; };

void main() {
    float16_t x = a * 2.0hf + float16_t(0.5);
    f16vec2 v = b + f16vec2(x);
    f16vec4 w = normalize(c) + abs(c);
    a = x; b = m * v; c = w;
    r = float(x) + float(dot(v, v)) + float(w.w);
}
