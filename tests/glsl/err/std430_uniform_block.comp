// Error: std430 on a uniform block needs GL_EXT_scalar_block_layout
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) uniform U { float u; };
layout(std430, binding = 1) buffer B { float r; };
void main() { r = u; }
