#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(derivative_group_quadsNV) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };

void main() {
    v[gl_LocalInvocationIndex] = dFdx(v[gl_LocalInvocationIndex]);
}
