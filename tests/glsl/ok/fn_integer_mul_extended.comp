// Tests: umulExtended and imulExtended on scalars and vectors (64-bit products split into high and low words).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec2 u[2]; ivec2 i[2]; uint s[2]; };

void main() {
    uvec2 hi, lo;
    umulExtended(u[0], u[1], hi, lo);
    u[0] = hi;
    u[1] = lo;
    ivec2 ihi, ilo;
    imulExtended(i[0], i[1], ihi, ilo);
    i[0] = ihi;
    i[1] = ilo;
    umulExtended(s[0], s[1], s[0], s[1]);
}
