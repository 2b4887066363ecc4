// Error: two case labels with the same value
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    switch (i) {
    case 1: f = 1.0; break;
    case 1: f = 2.0; break;
    }
}
