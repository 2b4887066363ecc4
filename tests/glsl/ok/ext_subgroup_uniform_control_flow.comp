// Tests: GL_EXT_subgroup_uniform_control_flow: `[[subgroup_uniform_control_flow]]` on main is the entry point's SubgroupUniformControlFlowKHR execution mode (SPV_KHR_subgroup_uniform_control_flow), as glslang emits it.
// wgpu-target-error: SPV_KHR_subgroup_uniform_control_flow
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_EXT_subgroup_uniform_control_flow : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
[[subgroup_uniform_control_flow]] void main() {
    v[gl_LocalInvocationIndex] = subgroupAdd(1u);
}
