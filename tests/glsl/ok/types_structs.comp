// Tests: structs: nested structs, struct constructors, arrays in structs, struct assignment and == / != comparison.
#version 450
layout(local_size_x = 1) in;

struct Inner { vec3 a; int b[2]; };
struct Outer { Inner inner; mat2 m; float f; };

layout(std430, set = 0, binding = 0) buffer Out { Outer result; int same; };

Outer make(float x) {
    Inner i = Inner(vec3(x), int[2](1, 2));
    return Outer(i, mat2(x), x * 2.0);
}

void main() {
    Outer a = make(1.0);
    Outer b = a;
    b.inner.b[1] = 5;
    same = int(a == a) + 2 * int(a != b);
    a.inner = b.inner;
    result = a;
    result.f += float(result.inner.b[0]);
}
