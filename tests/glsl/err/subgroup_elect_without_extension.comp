// glslang-args: --target-env vulkan1.1
#version 450
// subgroupElect and the subgroup barriers are GL_KHR_shader_subgroup_basic functions.
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
void main() {
    subgroupBarrier();
    subgroupMemoryBarrierShared();
    v[gl_LocalInvocationIndex] = subgroupElect() ? 1u : 0u;
}
