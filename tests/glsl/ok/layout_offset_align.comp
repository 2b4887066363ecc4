// Tests: layout(offset = N) and layout(align = N) on block members (GL_ARB_enhanced_layouts, core in 4.40), incl. block-level align.
#version 450
layout(local_size_x = 1) in;

layout(std140, set = 0, binding = 0) uniform U {
    layout(offset = 0) float a;
    layout(offset = 32) vec4 b;
    layout(align = 64) float c;
    vec2 d;
} u;

layout(std430, set = 0, binding = 1, align = 16) buffer B {
    float x;
    layout(align = 32) vec2 y;
    layout(offset = 64) uint z;
} b;

void main() {
    b.x = u.a + u.b.w + u.c + u.d.y;
    b.y = u.d;
    b.z = 1u;
}
