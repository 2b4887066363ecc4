// shadercallcoherent is a GL_EXT_ray_tracing keyword
#version 460
layout(local_size_x = 1) in;
layout(binding = 0) shadercallcoherent buffer B { uint x; } b;
void main() { b.x = 1u; }
