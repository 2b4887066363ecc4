// Tests: GL_KHR_shader_subgroup_ballot: subgroupBallot, subgroupBroadcast, subgroupBroadcastFirst, gl_Subgroup{Eq,Ge,Gt,Le,Lt}Mask.
// wgpu-target-error: the subgroup masks
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uvec4 ballot = subgroupBallot(v[i] > 4u);
    uint n = ballot.x ^ ballot.y;
    n += subgroupBroadcast(v[i], 0u) + subgroupBroadcastFirst(v[i]);
    n += gl_SubgroupEqMask.x + gl_SubgroupGeMask.x + gl_SubgroupGtMask.x + gl_SubgroupLeMask.x + gl_SubgroupLtMask.x;
    v[i] = n;
}
