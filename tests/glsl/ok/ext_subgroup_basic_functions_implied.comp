// Tests: the GL_KHR_shader_subgroup_basic functions (subgroupElect, the subgroup barriers) come with any other GL_KHR_shader_subgroup_* extension (here ballot), as glslang enables basic with each.
// wgpu-target-error: `subgroupElect`
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_ballot : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
void main() {
    subgroupBarrier();
    subgroupMemoryBarrier();
    subgroupMemoryBarrierBuffer();
    bool elected = subgroupElect();
    v[gl_LocalInvocationIndex] = subgroupBroadcastFirst(elected ? 7u : 7u);
}
