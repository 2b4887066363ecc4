#version 450
#extension GL_EXT_buffer_reference : require
layout(buffer_reference) buffer Node { int y; };
layout(location = 0) flat in uvec2 addr;
layout(location = 0) out vec4 color;
void main() { Node n = Node(addr); color = vec4(n.y); }
