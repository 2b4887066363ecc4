// GLSL ES 3.x: `#version` must be the first line (ES 3.20 §3.4; glslang: "statement must appear first in es-profile shader; before comments or newlines"). Desktop GLSL allows this comment.
#version 310 es
precision mediump float;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
