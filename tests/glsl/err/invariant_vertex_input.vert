#version 450
// GLSL 4.60 §4.8.1: `invariant` applies only to outputs: not to a vertex input.
layout(location = 0) invariant in vec4 position;
void main() {
    gl_Position = position;
}
