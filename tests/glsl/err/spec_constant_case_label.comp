// Error: a case label computed from a specialization constant (SPIR-V's OpSwitch takes literal labels; before, the default was used silently)
// glslang-disagrees: glslang 12 crashes (segmentation fault) on a specialization constant as a case label
#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int K = 2;
const int NEXT = K + 1;
layout(std430, set = 0, binding = 0) buffer Out { int i; float f; };
void main() {
    switch (i) {
    case K: f = 1.0; break;
    case 5: f = 2.0; break;
    case NEXT: f = 3.0; break;
    }
}
