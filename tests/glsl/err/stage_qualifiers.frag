// Error: qualifiers of other stages in a fragment shader; interpolation on an output
#version 450
layout(local_size_x = 4) in;
shared float s;
layout(location = 0) flat out vec4 o;
void main() { o = vec4(1.0); }
