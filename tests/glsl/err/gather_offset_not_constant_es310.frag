#version 310 es
// Error: GLSL ES 3.10: a gather's offset is a constant expression (a run-time one needs 3.20 or gpu_shader5).
precision highp float;
layout(set = 0, binding = 0) uniform highp sampler2D tex;
layout(location = 0) flat in highp ivec2 off;
layout(location = 0) out vec4 color;
void main() {
    color = textureGatherOffset(tex, vec2(0.5), off);
}
