#version 310 es
// Tests: GL_EXT_shader_implicit_conversions gives GLSL ES the desktop implicit conversions (int to uint and float in initializers, operators and arguments).
#extension GL_EXT_shader_implicit_conversions : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { highp uint u; highp float f; };
float g(float x) { return x; }
void main() {
    uint a = 1;
    u = u + a + 1;
    f = f * 2 + g(1);
}
