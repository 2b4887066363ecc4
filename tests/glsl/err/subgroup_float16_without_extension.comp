// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { f16vec2 v[64]; };

void main() {
    v[gl_LocalInvocationIndex] = subgroupBroadcast(v[gl_LocalInvocationIndex], 3u);
}
