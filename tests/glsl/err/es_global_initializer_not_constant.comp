#version 320 es
// GLSL ES global initializers are constant expressions (without GL_EXT_shader_non_constant_global_initializers).
layout(local_size_x = 1) in;
uint lid = gl_LocalInvocationID.x;
layout(std430, binding = 0) buffer B { uint v; };
void main() {
    v = lid;
}
