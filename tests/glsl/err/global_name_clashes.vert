#version 450
// Variables, structs, functions and block names of the global scope share one name space (GLSL 4.60 §4.2, §4.3.9), in either order; one block name per interface.
layout(location = 0) out vec4 color;
void color() {}
void f() {}
layout(location = 1) out vec4 f;
struct S { float x; };
const float S = 1.0;
layout(location = 2) out vec4 B;
layout(location = 3) out B { vec4 b; } ob;
layout(binding = 0) uniform U { vec4 u; } u0;
layout(binding = 1) uniform U { vec4 v; } u1;
layout(location = 4) out U { vec4 w; } ou;
struct g { float y; };
float g(float a) { return a; }
void main() {
}
