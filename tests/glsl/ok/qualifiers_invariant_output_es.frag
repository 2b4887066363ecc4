#version 310 es
// Tests: `invariant` on a fragment output (GLSL ES 3.10; glslang accepts it and decorates the output).
precision mediump float;
layout(location = 0) in vec4 v;
layout(location = 0) invariant out vec4 color;
void main() {
    color = v;
}
