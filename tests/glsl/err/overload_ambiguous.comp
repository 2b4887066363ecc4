// Error: no overload is better for every argument (GLSL 4.60 §6.1); h(1) alone is fine
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
float g(float a, int b) { return a; }
float g(int a, float b) { return b; }
float h(float a) { return a; }
float h(double a) { return float(a); }
void main() {
    r = h(1);       // int -> float beats int -> double
    r += g(1, 1);   // neither overload is better for both arguments
}
