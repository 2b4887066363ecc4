#version 450
#extension GL_EXT_shader_atomic_float : require
layout(location = 0) in float value;
layout(location = 0) out vec4 color;

void main() {
    float v = value;
    atomicAdd(v, 1.0);
    color = vec4(v);
}
