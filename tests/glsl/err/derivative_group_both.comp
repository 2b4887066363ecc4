#version 450
// One declaration gives one derivative group, quads or linear (GL_NV_compute_shader_derivatives; glslang: "cannot be both specified"; a later declaration replaces an earlier one).
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(derivative_group_quadsNV, derivative_group_linearNV) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };
void main() {
    v[gl_LocalInvocationIndex] = dFdx(float(gl_LocalInvocationIndex));
}
