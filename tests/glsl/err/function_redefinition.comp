// Error: a function defined twice with the same signature
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
float g(float x) { return x; }
float g(float x) { return 2.0 * x; }
void main() {
    f = g(1.0);
}
