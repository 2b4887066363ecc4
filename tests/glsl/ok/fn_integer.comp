// Tests: chapter 8.8 integer functions: uaddCarry, usubBorrow, bitfieldExtract/Insert/Reverse, bitCount, findLSB, findMSB.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec2 u[4]; ivec2 i[4]; };

void main() {
    uvec2 a = u[0], b = u[1];
    uvec2 carry, borrow, hi, lo;
    u[0] = uaddCarry(a, b, carry) + carry;
    u[1] = usubBorrow(a, b, borrow) + borrow;
    u[2] = a * b;
    u[3] = bitfieldExtract(a, 3, 5) + bitfieldInsert(a, b, 4, 8) + bitfieldReverse(b) + uvec2(bitCount(a)) + uvec2(findLSB(b)) + uvec2(findMSB(a));
    ivec2 x = i[0], y = i[1];
    i[0] = x * y;
    i[1] = bitfieldExtract(x, 1, 7) + bitfieldInsert(x, y, 0, 16) + bitfieldReverse(y);
    i[2] = bitCount(x) + findLSB(y) + findMSB(x);
    uint s = 0u;
    uint c1;
    s = uaddCarry(s, 1u, c1);
    i[3] = ivec2(int(s), int(c1)) + findMSB(-1);
}
