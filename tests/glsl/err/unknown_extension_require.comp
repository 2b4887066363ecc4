// Error: an unknown extension with require is an error that names it
#version 450
#extension GL_EXT_does_not_exist : require
layout(local_size_x = 1) in;
void main() {
}
