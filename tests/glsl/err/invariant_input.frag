#version 450
// GLSL 4.60 §4.8.1: `invariant` applies only to outputs, in a declaration or a redeclaration.
layout(location = 0) invariant in vec4 a;
layout(location = 1) in vec4 b;
invariant b;
layout(location = 0) out vec4 color;
void main() {
    color = a + b;
}
