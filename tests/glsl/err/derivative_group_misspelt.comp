#version 450
// The derivative group layouts are spelt as glslang spells them: derivative_group_quadsNV, derivative_group_quadsKHR (not `_khr`).
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(derivative_group_quads_khr) in;
void main() {
}
