#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec2 u[2]; uint s[2]; };

void main() {
    uvec2 hi, lo;
    umulExtended(u[0], s[1], hi, lo);
    u[0] = hi;
    u[1] = lo;
}
