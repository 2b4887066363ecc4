// Error: a function-like macro called with the wrong number of arguments
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
#define ADD(a, b) ((a) + (b))
void main() {
    f = ADD(1.0);
}
