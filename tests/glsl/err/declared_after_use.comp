// Error: a body sees only globals and functions declared before it (GLSL 4.60 §4.2.2, §6.1)
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
float f() { return later; }
float g() { return h(); }
float later = 1.0;
float h() { return 2.0; }
void main() { r = f() + g() + later + h(); }
