// Error: assignment to a const variable
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
const float K = 1.0;
void main() {
    K = 2.0;
    f = K;
}
