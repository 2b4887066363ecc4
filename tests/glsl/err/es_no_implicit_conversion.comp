#version 310 es
// Error: GLSL ES has no implicit conversions: int to uint or float in an initializer, an operator, an argument, a built-in call, an array constructor (GLSL ES 3.20 §4.1.10)
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { highp uint u; highp float f; };
float g(float x) { return x; }
void main() {
    uint a = 1;
    float b = 1;
    u = u + 1;
    f = f * 2;
    f = g(1);
    f = max(f, 2);
    float c[2] = float[](1.0, 2);
}
