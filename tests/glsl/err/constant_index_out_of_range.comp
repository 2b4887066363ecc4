// Error: a constant index outside an array
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    float a[3] = float[3](1.0, 2.0, 3.0);
    f = a[3];
}
