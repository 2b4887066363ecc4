// Error: static recursion through two functions (GLSL 4.60 §6.1.2)
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
float even(float x);
float odd(float x) { return x <= 0.0 ? 0.0 : even(x - 1.0); }
float even(float x) { return x <= 0.0 ? 1.0 : odd(x - 1.0); }
void main() { r = even(4.0); }
