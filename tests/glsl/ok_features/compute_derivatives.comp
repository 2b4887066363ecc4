// GL_NV_compute_shader_derivatives: derivative_group_quadsNV and dFdx in compute
#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(derivative_group_quadsNV) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };
// expect: DerivativeGroupQuads
void main() {
    float x = float(gl_LocalInvocationIndex);
    v[gl_LocalInvocationIndex] = dFdx(x) + dFdy(x);
}
