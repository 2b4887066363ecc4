// Tests: integer literals at the limits of 32 bits (GLSL 4.60 §4.1.3): 2^32 - 1 in decimal, hex and octal, 2^31 (the bits of -2^31).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int i[3]; uint u[3]; };
void main() {
    i[0] = 4294967295;
    i[1] = 2147483648;
    i[2] = -2147483648;
    u[0] = 0xFFFFFFFFu;
    u[1] = 037777777777u;
    u[2] = 4294967295u;
}
