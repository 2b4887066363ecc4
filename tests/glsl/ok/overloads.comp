// Tests: function overloading and resolution with implicit conversions (exact match preferred, int->float, float->double, vector sizes).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float r[8]; };

float f(float x) { return 1.0; }
float f(int x) { return 2.0; }
float f(vec2 x) { return 3.0; }
float f(double x) { return 4.0; }
float g(float x, float y) { return 5.0; }
float g(double x, int y) { return 6.0; }
float h(uint x) { return 7.0; }
float h(float x) { return 8.0; }
float k(double x) { return 9.0; }
float k(float x, float y) { return x + y; }
void out2(out float a, inout float b) { a = b; b += 1.0; }

void main() {
    r[0] = f(1.0);     // exact float
    r[1] = f(1);       // exact int
    r[2] = f(vec2(1)); // vec2
    r[3] = f(1.0lf);   // double
    r[4] = g(1.0, 2.0);
    r[5] = h(3u) + h(3.0);  // exact matches; h(3) would be ambiguous (§6.1)
    r[6] = k(1.0);     // float -> double
    float a, b = 2.0;
    out2(a, b);
    r[7] = a + b + k(1, 2u);
}
