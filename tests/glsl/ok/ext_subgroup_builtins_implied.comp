// Tests: the GL_KHR_shader_subgroup_basic built-ins come with any other GL_KHR_shader_subgroup_* extension (here vote), as glslang enables basic with each.
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_vote : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint size; uint id; uint count; uint lane; };
void main() {
    size = gl_SubgroupSize;
    id = gl_SubgroupID;
    count = gl_NumSubgroups;
    lane = gl_SubgroupInvocationID;
}
