// Tests: GL_KHR_shader_subgroup_vote: subgroupAll, subgroupAny, subgroupAllEqual on int, float and vector values.
// wgpu-target-error: `subgroupAllEqual`
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float v[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    bool pos = v[i] > 0.0;
    uint flags = uint(subgroupAll(pos)) | uint(subgroupAny(pos)) << 1
               | uint(subgroupAllEqual(int(v[i]))) << 2 | uint(subgroupAllEqual(vec2(v[i]))) << 3;
    v[i] = float(flags);
}
