// Error: a misspelt layout qualifier gets a suggestion instead of being ignored
#version 450
layout(local_size_x = 1) in;
layout(std430, bindings = 0) buffer B { float r; };
void main() { r = 1.0; }
