// Tests: an #extension directive inside a declaration holds from where it is written: the 64-bit type
// before it is not declared yet (glslang: syntax error at uint64_t).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Data {
    uint64_t u;
#extension GL_ARB_gpu_shader_int64 : require
    int64_t i;
};
void main() { i = int64_t(u); }
