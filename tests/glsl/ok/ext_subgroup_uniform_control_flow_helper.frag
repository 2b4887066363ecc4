// Tests: GL_EXT_subgroup_uniform_control_flow: the attribute after the header of a helper function still gives the entry point SubgroupUniformControlFlowKHR (glslang emits it for any function), once for two attributes.
// wgpu-target-error: SPV_KHR_subgroup_uniform_control_flow
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_EXT_subgroup_uniform_control_flow : enable
layout(location = 0) out vec4 color;
vec4 shade() [[subgroup_uniform_control_flow]] {
    return vec4(1.0);
}
[[subgroup_uniform_control_flow]] void main() {
    color = shade();
}
