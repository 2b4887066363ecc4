#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(std430, set = 0, binding = 0) buffer Roots { Node head; int result; } roots;
void main() {
    roots.result = roots.head.value;
}
