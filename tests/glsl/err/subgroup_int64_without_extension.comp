// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint64_t v[64]; uint16_t w[64]; bool r; };

void main() {
    r = subgroupAllEqual(v[gl_LocalInvocationIndex]);
}
