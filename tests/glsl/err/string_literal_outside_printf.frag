#version 450
#extension GL_EXT_debug_printf : require
layout(location = 0) out vec4 color;

void main() {
    float x = 1.0;
    x = "one";
    color = vec4(x);
}
