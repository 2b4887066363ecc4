#version 450
// Attributes precede functions and statements only (glslang: a syntax error before a variable).
#extension GL_EXT_control_flow_attributes : enable
layout(local_size_x = 1) in;
[[unroll]] int x;
void main() {
}
