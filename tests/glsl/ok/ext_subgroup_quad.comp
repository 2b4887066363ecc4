// Tests: GL_KHR_shader_subgroup_quad: subgroupQuadBroadcast, subgroupQuadSwapHorizontal/Vertical/Diagonal.
// wgpu-target-error: quad subgroup operations
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_quad : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { vec4 v[64]; };

void main() {
    uint i = gl_LocalInvocationIndex;
    vec4 x = v[i];
    v[i] = subgroupQuadBroadcast(x, 1u) + subgroupQuadSwapHorizontal(x) + subgroupQuadSwapVertical(x) + subgroupQuadSwapDiagonal(x);
}
