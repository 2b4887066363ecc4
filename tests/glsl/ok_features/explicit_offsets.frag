// explicit block member offsets out of declaration order (GL_KHR_vulkan_glsl forbids only overlap)
#version 450
layout(set = 0, binding = 0, std140) uniform U {
    layout(offset = 8)  int a;
    layout(offset = 4)  int b;
    layout(offset = 0)  int c;
    layout(offset = 12) int d;
} u;
layout(set = 0, binding = 1, std430) buffer B {
    layout(offset = 32) vec3 e;
                        vec3 f;
    layout(offset = 16) vec3 g;
} b;
layout(location = 0) out vec4 color;
// expect: OpMemberDecorate %U 1 Offset 4
// expect: OpMemberDecorate %B 1 Offset 48
// expect: OpMemberDecorate %B 2 Offset 16
void main() {
    color = vec4(float(u.a + u.b + u.c + u.d), b.e.x, b.f.y, b.g.z);
}
