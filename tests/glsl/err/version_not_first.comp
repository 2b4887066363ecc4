// Error: #version after other tokens
layout(local_size_x = 1) in;
#version 450
void main() {
}
