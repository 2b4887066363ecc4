// glslang-args: --target-env vulkan1.1
#version 450
// shuffle_relative does not bring subgroupShuffle, arithmetic not the clustered reductions,
// ballot not the votes.
#extension GL_KHR_shader_subgroup_shuffle_relative : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
void main() {
    uint x = v[gl_LocalInvocationIndex];
    x += subgroupShuffleXor(x, 1u);
    x += subgroupClusteredMax(x, 2u);
    x += subgroupAllEqual(x) ? 1u : 0u;
    v[gl_LocalInvocationIndex] = x;
}
