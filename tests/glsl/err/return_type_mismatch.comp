// Error: a return value of the wrong type
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
float g() {
    return vec2(1.0);
}
void main() {
    f = g();
}
