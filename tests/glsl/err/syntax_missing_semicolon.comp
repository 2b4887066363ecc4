// Error: a missing semicolon is reported at the next token
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    float x = 1.0
    f = x;
}
