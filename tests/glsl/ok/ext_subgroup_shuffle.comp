// Tests: GL_KHR_shader_subgroup_shuffle and _shuffle_relative: subgroupShuffle, subgroupShuffleXor, subgroupShuffleUp, subgroupShuffleDown.
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { vec2 v[64]; };

void main() {
    uint i = gl_LocalInvocationIndex;
    vec2 x = v[i];
    v[i] = subgroupShuffle(x, 0u) + subgroupShuffleXor(x, 1u) + subgroupShuffleUp(x, 1u) + subgroupShuffleDown(x, 2u);
}
