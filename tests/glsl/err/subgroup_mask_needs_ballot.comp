#version 450
// The invocation masks are GL_KHR_shader_subgroup_ballot built-ins; basic alone does not declare them.
#extension GL_KHR_shader_subgroup_basic : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uvec4 mask; };
void main() {
    mask = gl_SubgroupEqMask;
}
