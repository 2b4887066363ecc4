// Error: qualifiers of other stages in a compute shader
#version 450
layout(local_size_x = 1) in;
layout(early_fragment_tests) in;
in vec4 v;
layout(std430, binding = 0) buffer B { vec4 r; };
void main() { r = v; }
