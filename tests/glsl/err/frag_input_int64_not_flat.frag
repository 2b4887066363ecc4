#version 450
#extension GL_ARB_gpu_shader_int64 : enable
// GLSL 4.60 §4.5: 64-bit integer fragment inputs must be `flat` too.
layout(location = 0) in uint64_t a;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(a));
}
