// Error: a compute shader at version 4.20 without GL_ARB_compute_shader (compute shaders need 430, or 420 with the extension, or 310 es)
#version 420
layout(local_size_x = 1) in;
void main() {
}
