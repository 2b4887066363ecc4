// Tests: GL_EXT_buffer_reference2 alone enables buffer references (it extends GL_EXT_buffer_reference; glslang enables both).
// wgpu-target-error: buffer references (GL_EXT_buffer_reference)
#version 450
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Values { float v[]; };
layout(std430, set = 0, binding = 0) buffer Out { Values values; float f; };
void main() {
    f = values.v[1];
}
