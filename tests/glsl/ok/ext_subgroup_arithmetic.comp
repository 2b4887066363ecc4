// Tests: GL_KHR_shader_subgroup_arithmetic: subgroupAdd/Mul/Min/Max/And/Or/Xor and Inclusive/Exclusive scans on float, int and uint.
// wgpu-target-error: subgroup scans other than of sums and products
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float f[64]; int s[64]; uint u[64]; };

void main() {
    uint i = gl_LocalInvocationIndex;
    f[i] = subgroupAdd(f[i]) + subgroupMul(f[i]) + subgroupMin(f[i]) + subgroupMax(f[i])
         + subgroupInclusiveAdd(f[i]) + subgroupExclusiveAdd(f[i]) + subgroupInclusiveMul(f[i]) + subgroupExclusiveMax(f[i]);
    s[i] = subgroupAdd(s[i]) + subgroupMin(s[i]) + subgroupAnd(s[i]) + subgroupOr(s[i]) + subgroupXor(s[i]) + subgroupInclusiveMin(s[i]);
    u[i] = subgroupMax(u[i]) + subgroupExclusiveAdd(u[i]) + subgroupInclusiveOr(u[i]) + subgroupExclusiveXor(u[i]);
}
