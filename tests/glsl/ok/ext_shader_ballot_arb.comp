// Tests: GL_ARB_shader_ballot: 64-bit gl_SubGroup*MaskARB, ballotARB, readInvocationARB, readFirstInvocationARB (SPV_KHR_shader_ballot).
// wgpu-target-error: GL_ARB_shader_ballot
#version 450
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_ARB_shader_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { vec4 f[]; };
layout(std430, set = 0, binding = 1) buffer Masks { uint64_t masks[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint64_t all = gl_SubGroupEqMaskARB | gl_SubGroupGeMaskARB | gl_SubGroupGtMaskARB | gl_SubGroupLeMaskARB | gl_SubGroupLtMaskARB;
    masks[i] = all ^ ballotARB(f[i].x > 0.0);
    f[i].xy = readInvocationARB(f[i].xy, (gl_SubGroupInvocationARB + 1u) % gl_SubGroupSizeARB);
    f[i].z = readFirstInvocationARB(f[i].z);
}
