// glslang-args: --target-env vulkan1.1
#version 450
// Each GL_KHR_shader_subgroup_* function needs its own extension; basic brings only the
// barriers and subgroupElect.
#extension GL_KHR_shader_subgroup_basic : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
void main() {
    uint x = v[gl_LocalInvocationIndex];
    bool b = subgroupAll(x > 0u);
    uvec4 m = subgroupBallot(b);
    x += subgroupBroadcastFirst(x);
    x += subgroupShuffle(x, 0u);
    x += subgroupShuffleUp(x, 1u);
    x += subgroupAdd(x) + subgroupInclusiveMul(x) + subgroupExclusiveXor(x);
    x += subgroupClusteredAdd(x, 2u);
    x += subgroupQuadBroadcast(x, 0u);
    v[gl_LocalInvocationIndex] = x + m.x;
}
