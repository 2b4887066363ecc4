// Tests: GL_KHR_shader_subgroup_clustered: subgroupClusteredAdd/Mul/Min/Max/And/Or/Xor with constant cluster sizes.
// wgpu-target-error: clustered subgroup operations
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float f[64]; uint u[64]; };

void main() {
    uint i = gl_LocalInvocationIndex;
    f[i] = subgroupClusteredAdd(f[i], 4u) + subgroupClusteredMul(f[i], 2u) + subgroupClusteredMin(f[i], 8u) + subgroupClusteredMax(f[i], 16u);
    u[i] = subgroupClusteredAnd(u[i], 4u) + subgroupClusteredOr(u[i], 4u) + subgroupClusteredXor(u[i], 2u);
}
