#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 6) in;
layout(derivative_group_linearNV) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };

void main() {
    v[gl_LocalInvocationIndex] = dFdx(v[gl_LocalInvocationIndex]);
}
