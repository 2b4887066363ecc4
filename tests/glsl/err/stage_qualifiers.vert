// Error: interpolation qualifiers on vertex inputs
#version 450
layout(location = 0) flat in vec4 c;
void main() { gl_Position = c; }
