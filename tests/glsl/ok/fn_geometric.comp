// Tests: chapter 8.5 geometric functions: length, distance, dot, cross, normalize, faceforward, reflect, refract (float and double).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec3 a; float s; vec3 b; float t; dvec3 c; double dd; };

void main() {
    vec3 n = normalize(b);
    s = length(a) + distance(a, b) + dot(a, b) + length(2.0) + distance(1.0, 3.0);
    a = cross(a, b) + faceforward(n, a, b) + reflect(a, n) + refract(a, n, 0.5);
    t = dot(1.0, 2.0) + length(-2.0);
    c = cross(c, dvec3(1.0)) + normalize(c) + reflect(c, dvec3(0.0, 1.0, 0.0));
    dd = length(c) + dot(c, c) + distance(c, dvec3(0.0));
}
