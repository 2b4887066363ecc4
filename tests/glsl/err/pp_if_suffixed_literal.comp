// Error: a suffixed integer literal in a preprocessor expression (GLSL 4.60 §3.3; glslang: bad expression)
#version 450
#if 0u
#endif
layout(local_size_x = 1) in;
void main() {
}
