#version 310 es
// Tests: GL_EXT_shader_implicit_conversions enabled inside a body holds for the conversions after its line (int to float in an initializer, uint to float in an operator).
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { highp float f; } o;
void main() {
    uint u = 2u;
#extension GL_EXT_shader_implicit_conversions : enable
    float a = 1;
    o.f = a + u;
}
