// Error: a buffer reference block and a forward declaration of one without GL_EXT_buffer_reference (or buffer_reference2/uvec2, which enable it)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Forward;
layout(buffer_reference, std430) buffer Node { float value; };
void main() {
}
