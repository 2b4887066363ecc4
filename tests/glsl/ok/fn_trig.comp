// Tests: chapter 8.1 angle and trigonometry functions on scalars and vectors.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec4 r[4]; };

void main() {
    vec4 x = r[0];
    r[0] = radians(x) + degrees(x) + sin(x) + cos(x);
    r[1] = tan(x) + asin(clamp(x, -1.0, 1.0)) + acos(clamp(x, -1.0, 1.0)) + atan(x);
    r[2] = atan(x, x + 1.0) + sinh(x) + cosh(x) + tanh(x);
    r[3] = asinh(x) + acosh(x + 2.0) + atanh(clamp(x, -0.5, 0.5)) + vec4(sin(x.x), cos(x.yz), tan(x.w));
}
