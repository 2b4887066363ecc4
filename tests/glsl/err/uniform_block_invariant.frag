#version 450
// GLSL 4.60 §4.8.1: `invariant` applies only to outputs: not to a uniform block.
layout(binding = 0) invariant uniform U { vec4 a; } u;
layout(location = 0) out vec4 color;
void main() {
    color = u.a;
}
