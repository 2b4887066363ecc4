// Tests: an #extension directive inside a declaration holds for the rest of it (glslang compiles this;
// err/extension_after_use_in_declaration.comp has the other order).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Data {
    uint u;
#extension GL_ARB_gpu_shader_int64 : require
    int64_t i;
};
void main() { i = int64_t(u) + 1l; }
