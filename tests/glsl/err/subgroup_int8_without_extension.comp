// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int8_t v[64]; };

void main() {
    v[gl_LocalInvocationIndex] = subgroupAdd(v[gl_LocalInvocationIndex]);
}
