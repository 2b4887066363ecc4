#version 450
// Locations beyond glslang's limits: 4095 for any stage variable (GLSL 4.60 §4.4.1), and
// gl_MaxDrawBuffers (32) for fragment outputs (§4.4.2).
layout(location = 2147483647) in vec4 v;
layout(location = 4095) in vec4 w;
layout(location = 32) out vec4 color;
void main() {
    color = v + w;
}
