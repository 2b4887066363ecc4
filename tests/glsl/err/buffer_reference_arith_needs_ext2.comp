#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node { int value; };
layout(std430, set = 0, binding = 0) buffer Roots { Node head; } roots;
void main() {
    Node n = roots.head + 1;
    n.value = 1;
}
