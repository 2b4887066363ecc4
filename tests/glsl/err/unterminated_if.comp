// Error: #if without #endif
#version 450
layout(local_size_x = 1) in;
#if 1
void main() {
}
