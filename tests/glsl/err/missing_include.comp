// Error: an #include of a file that does not exist points at the #include line
#version 450
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 1) in;
#include "no_such_file.glsl"
void main() {
}
