#version 310 es
// GL_EXT_shader_implicit_conversions holds from its line on: the conversion above it is an error (GLSL ES 3.20 §4.1.10 has none).
layout(local_size_x=1) in;
layout(binding=0, std430) buffer B { float o; } b;
void main() {
  float f = 1;
#extension GL_EXT_shader_implicit_conversions : enable
  b.o = f;
}
