// Tests: GL_AMD_gpu_shader_half_float / GL_AMD_gpu_shader_int16 types; derivatives of float16_t values are taken at 32 bits (SPIR-V derivatives need 32-bit floats) and narrowed back.
#version 450
#extension GL_AMD_gpu_shader_half_float : require
#extension GL_AMD_gpu_shader_int16 : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    f16vec2 h = f16vec2(uv);
    f16vec2 dx = dFdx(h);
    float16_t w = fwidth(h.x);
    int16_t i = int16_t(3);
    color = vec4(vec2(dx), float(w), float(i));
}
