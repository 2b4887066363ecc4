// Error: a struct constructor with the wrong number of arguments
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
struct S { float a; int b; };
void main() {
    S s = S(1.0);
    f = 1.0;
}
