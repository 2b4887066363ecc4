// Tests: GL_NV_compute_shader_derivatives without a derivative group layout: derivatives in a compute shader are zero (the extension's rule), their operand still evaluated.
#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(std430, set = 0, binding = 0) buffer Data { float x; float dx; float dy; };

void main() {
    dx = dFdx(x);
    dy = dFdy(x * 2.0);
}
