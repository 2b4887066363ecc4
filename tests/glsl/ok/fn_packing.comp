// Tests: chapter 8.4 floating-point pack and unpack functions: snorm/unorm 2x16 and 4x8, half 2x16.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec4 v; uint p[5]; vec2 w; };

void main() {
    p[0] = packUnorm2x16(v.xy);
    p[1] = packSnorm2x16(v.zw);
    p[2] = packUnorm4x8(v);
    p[3] = packSnorm4x8(v);
    p[4] = packHalf2x16(v.xy);
    w = unpackUnorm2x16(p[0]) + unpackSnorm2x16(p[1]) + unpackHalf2x16(p[4]);
    v = unpackUnorm4x8(p[2]) + unpackSnorm4x8(p[3]);
}
