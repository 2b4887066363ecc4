// Error: #include without GL_GOOGLE_include_directive enabled
#version 450
layout(local_size_x = 1) in;
#include "common.glsl"
void main() {
}
