// Tests: GL_KHR_shader_subgroup_basic: gl_SubgroupSize, gl_SubgroupInvocationID, gl_NumSubgroups, gl_SubgroupID, subgroupBarrier, subgroupElect, subgroupMemoryBarrier*.
// wgpu-target-error: `subgroupElect`
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec4 r[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    subgroupMemoryBarrier();
    subgroupMemoryBarrierBuffer();
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    r[i] = uvec4(gl_SubgroupSize, gl_SubgroupInvocationID, gl_NumSubgroups + gl_SubgroupID, uint(subgroupElect()));
}
