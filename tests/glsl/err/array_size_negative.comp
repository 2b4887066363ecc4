// Error: an array size that is not positive
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
const int N = -2;
void main() {
    float a[N];
    f = 1.0;
}
