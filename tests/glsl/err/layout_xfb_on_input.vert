#version 450
// Transform feedback layouts apply to outputs only (GLSL 4.60 §4.4.2.1).
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) in vec4 x;
void main() {
    gl_Position = x;
}
