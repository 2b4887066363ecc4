// GL_EXT_shader_non_constant_global_initializers: globals initialized from non-constant expressions
#version 450
#extension GL_EXT_shader_non_constant_global_initializers : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { float v[2]; };
float first = v[0] * 2.0;
// naga: reads
void main() {
    v[1] = first;
}
