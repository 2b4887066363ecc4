// Tests: GL_EXT_scalar_block_layout with a push constant block and a storage buffer of vec3s, read and written.
// wgpu-target-error: a buffer layout that places a member, an array element or a matrix column off its WGSL alignment
#version 450
#extension GL_EXT_scalar_block_layout : enable
layout(local_size_x = 16) in;
layout(scalar, push_constant) uniform PC { vec3 offset; float scale; uint count; } pc;
layout(scalar, set = 0, binding = 0) buffer Points { vec3 points[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) points[i] = points[i] * pc.scale + pc.offset;
}
