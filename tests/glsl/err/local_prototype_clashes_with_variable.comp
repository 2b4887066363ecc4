#version 450
// A prototype inside a function and a variable of one block cannot share a name (glslang: redefinition).
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float x; } b;
void main() {
    float g(float a);
    float g = 2.0;
    b.x = g;
}
float g(float a) { return a * 3.0; }
