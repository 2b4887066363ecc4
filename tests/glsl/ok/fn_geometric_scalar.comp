// Tests: geometric functions on scalars (genFType with one component): normalize, length, distance, dot, reflect, faceforward.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float a; float b; float r; };

void main() {
    r = normalize(a) + length(b) + distance(a, b) + dot(a, b) + reflect(a, b) + faceforward(a, b, a);
}
