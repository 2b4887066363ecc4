// Error: an unsupported #version
#version 999
layout(local_size_x = 1) in;
void main() {
}
