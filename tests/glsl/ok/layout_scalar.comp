// Tests: GL_EXT_scalar_block_layout: layout(scalar) buffers where vec3 packs to 12 bytes and arrays are tight.
// wgpu-target-error: a buffer layout that places a member, an array element or a matrix column off its WGSL alignment
#version 450
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;

struct S { vec3 a; float b; vec3 c[2]; };

layout(scalar, set = 0, binding = 0) buffer B {
    vec3 v[4];
    float tail;
    S s;
    mat3 m;
} b;

layout(scalar, set = 0, binding = 1) uniform U { vec3 x; vec2 y; float z; } u;

void main() {
    b.v[1] = b.v[0] + u.x;
    b.tail = b.s.b + u.y.x + u.z;
    b.s.c[1] = b.m[2];
}
