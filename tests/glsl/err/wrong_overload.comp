// Error: no overload of a user function matches the arguments
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
float g(float a, float b) { return a + b; }
void main() {
    f = g(1.0, vec2(1.0));
}
