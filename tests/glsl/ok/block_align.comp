// Tests: `align` on a block applies to each member without an `align` of its own, an explicit offset rounded up to it (GLSL 4.60 §4.4.5; offsets as glslang's, compared by interface_differential).
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0, align = 32) buffer B {
    float a;
    vec3 b;
    float c[2];
    layout(align = 64) float d;
    layout(align = 4) float e;
    layout(offset = 200) float f;
    float g;
} b;
layout(std140, binding = 1, align = 16) uniform U { float x; float y; } u;
void main() {
    b.a = u.x + u.y;
    b.g = b.f + b.e + b.d + b.c[1] + b.b.z;
}
