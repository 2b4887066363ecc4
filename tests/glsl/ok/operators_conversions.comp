// Tests: every operator class with the implicit conversions of GLSL 4.60 §4.1.10 (int->uint->float->double, scalar-vector mixing).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; uint u; int i; double d; vec3 v; uvec2 uv; bool b; };

void main() {
    int a = 7, c = -3;
    uint x = 5u;
    float y = 2.5;
    double z = 1.0lf;
    // arithmetic with implicit conversion: int -> float, int -> uint, float -> double
    f = a + y - c * 2 / 3.0 + float(a % 4);
    u = x + a * 2u - (x >> 1) + (x << 2u) + (a & 6) + (x | 8u) + (x ^ 3u) + ~x;
    i = -a + +c + (a >> 1) + (c << 2) + a % 3 + (a & c) + (a | c) + (a ^ c) + ~c;
    d = z + y + a + x;
    // vector-scalar mixing and conversions
    vec3 v3 = vec3(1.0, 2.0, 3.0) * 2 + 1;
    ivec3 iv = ivec3(1, 2, 3);
    v = v3 + iv - ivec3(x) / 2.0;
    uv = uvec2(3u, 4u) * 2 + uvec2(x);
    // increments and compound assignment
    int k = 0;
    k++; ++k; k--; --k; k += 3; k -= 1; k *= 4; k /= 2; k %= 5; k <<= 2; k >>= 1; k &= 7; k |= 8; k ^= 1;
    y += a;
    v3 *= 2;
    // comparisons, logical ops, ternary, comma, sequence of assignments
    bool p = a < c || x >= 5u && !(y == 2.5) ^^ (z != 1.0);
    b = p ? true : (a > 0 && c <= 0);
    int m = (k = 3, k + 1);
    i += m + k;
}
