// Error: the angle, trigonometry and exponential functions have no double-precision overloads (GLSL 4.60 §8.1, §8.2: genFType; glslang: "no matching overloaded function found"); sqrt and floor have them
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { dvec2 d; double e; };
void main() {
    d = exp(d);
    e = sin(e);
    e = pow(e, 2.0lf);
    d = atan(d, d);
    d = radians(d);
    e = log2(e) + sqrt(e) + floor(e);
}
