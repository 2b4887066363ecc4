// Tests: GL_EXT_shader_subgroup_extended_types_int8: subgroup operations on int8_t with their extension; a 16-bit value converted to int first needs none.
// glslang-args: --target-env vulkan1.1
// wgpu-target-error: 8-bit types in buffers
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int8_t v[64]; uint16_t w[64]; int x[64]; };

void main() {
    v[gl_LocalInvocationIndex] = subgroupAdd(v[gl_LocalInvocationIndex]);
    x[gl_LocalInvocationIndex] = subgroupBroadcast(int(w[gl_LocalInvocationIndex]), 1u);
}
