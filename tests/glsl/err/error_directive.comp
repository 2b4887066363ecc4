// Error: #error stops compilation with its message
#version 450
#define FEATURE 0
#if !FEATURE
#error FEATURE must be enabled for this shader
#endif
layout(local_size_x = 1) in;
void main() {
}
