#version 450
// A layout qualifier needs its extension where it is written (glslang checks the qualifier as it
// reads it): `scalar` before the #extension line, even inside the same declaration, is an error.
layout(local_size_x = 1) in;
layout(binding = 0, scalar)
#extension GL_EXT_scalar_block_layout : enable
buffer B { vec3 a; float x; };
void main() {
    x = 1.0;
}
