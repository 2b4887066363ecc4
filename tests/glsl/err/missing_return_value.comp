// Error: return without a value in a non-void function
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
float g() {
    return;
}
void main() {
    f = g();
}
