#version 310 es
precision highp float;
// GLSL ES redeclares built-ins from 3.20 on, or with GL_EXT_shader_io_blocks.
out float gl_FragDepth;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
