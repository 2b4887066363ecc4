#version 450
// A prototype inside a function declares the function to the end of its block only (as glslang).
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float x; } b;
void main() {
    {
        float g(float a);
        b.x = g(1.0);
    }
    b.x = g(2.0);
}
float g(float a) { return a * 3.0; }
