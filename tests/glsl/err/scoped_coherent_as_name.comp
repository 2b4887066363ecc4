// devicecoherent is a qualifier keyword: not a variable name
#version 450
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { int x; } b;
void main() { int devicecoherent = 1; b.x = devicecoherent; }
