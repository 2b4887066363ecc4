// Error: #error inside an included file points into that file
#version 450
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 1) in;
#include "bad_directive.glsl"
void main() {
}
