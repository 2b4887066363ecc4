// Error: storage, interpolation and auxiliary qualifiers on struct members (glslang: "cannot use storage or interpolation qualifiers on structure members")
#version 450
layout(location = 0) out vec4 color;
struct S {
    flat float a;
    centroid vec2 b;
    noperspective float c;
};
void main() {
    S s = S(1.0, vec2(2.0), 3.0);
    color = vec4(s.a, s.b, s.c);
}
