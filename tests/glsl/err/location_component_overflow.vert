#version 450
// `component` (GLSL 4.60 §4.4.1.2): the type must fit in the location's 4 components from there,
// a 64-bit type starts on an even one, and matrices and structs take none.
struct S { float a; };
layout(location = 0, component = 2) out vec3 a;
layout(location = 1, component = 1) out double b;
layout(location = 2, component = 1) out mat2 c;
layout(location = 4, component = 1) out S d;
void main() {
    a = vec3(0.0);
}
