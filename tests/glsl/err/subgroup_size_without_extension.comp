#version 450
// gl_SubgroupSize is a GL_KHR_shader_subgroup_basic built-in.
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint size; };
void main() {
    size = gl_SubgroupSize;
}
