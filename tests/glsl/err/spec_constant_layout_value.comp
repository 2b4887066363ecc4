// Error: a layout qualifier value is an integer-constant-expression, which may not be a specialization constant (GLSL 4.60 §4.4; glslang: "needs a literal integer")
#version 450
layout(constant_id = 0) const int K = 2;
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = K) buffer Out { int i; };
void main() {
    i = 1;
}
