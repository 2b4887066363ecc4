#version 450
// GLSL 4.60 §4.3.9: members of uniform and buffer blocks take no interpolation or auxiliary
// qualifier, nor `invariant`.
layout(binding = 0) uniform U { flat vec4 a; centroid vec4 b; } u;
layout(binding = 1) buffer S { sample vec4 c; noperspective vec4 d; invariant vec4 e; } s;
layout(location = 0) out vec4 color;
void main() {
    color = u.a + u.b + s.c + s.d + s.e;
}
