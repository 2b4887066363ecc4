// Error: a scalar beside a vector only where GLSL declares that overload (pow(vec3, float) has none)
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { vec3 v; };
void main() {
    v = pow(v, 2.0);
    v = clamp(v, 0.0, 1.0); // fine: clamp(genType, float, float) exists
}
