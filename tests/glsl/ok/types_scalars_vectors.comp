// Tests: scalar and vector types (bool, int, uint, float, double; bvec/ivec/uvec/vec/dvec) and their constructors and swizzles.
#version 450
layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) buffer Out {
    int i;
    uint u;
    float f;
    double d;
    ivec2 i2;
    uvec3 u3;
    vec4 f4;
    dvec2 d2;
    dvec3 d3;
    dvec4 d4;
    uint flags;
} o;

void main() {
    bool b = true;
    bvec2 b2 = bvec2(b, false);
    bvec3 b3 = bvec3(1, 0, 2);
    bvec4 b4 = bvec4(b2, b3.xy);
    int i = -7;
    uint u = 7u + 0xFFu + 017u;
    float f = 1.5e1 + .5 + 2.f;
    double d = 2.5lf + double(f);
    ivec2 i2 = ivec2(i, 3);
    ivec3 i3 = ivec3(i2, 1);
    ivec4 i4 = ivec4(i3.zyx, i);
    uvec2 u2 = uvec2(u);
    uvec3 u3 = uvec3(u2, 9u);
    uvec4 u4 = uvec4(i4);
    vec2 f2 = vec2(f);
    vec3 f3 = vec3(f2, 1.0);
    vec4 f4 = vec4(f3.zyx, f2.y);
    dvec2 d2 = dvec2(d, 1.0lf);
    dvec3 d3 = dvec3(f3);
    dvec4 d4 = dvec4(d2, d2.yx);
    f4.wx = f2;
    f4.rgb += vec3(1.0);
    f4.stp *= 2.0;
    o.i = i4.w + int(b4.x) + int(all(b3)) + int(any(b2));
    o.u = u + u4.y + u3.z;
    o.f = f + f4.x;
    o.d = d * 2.0lf;
    o.i2 = i2;
    o.u3 = u3;
    o.f4 = f4;
    o.d2 = d2;
    o.d3 = d3 + dvec3(1.0);
    o.d4 = d4;
    o.flags = uint(b) | (uint(b4.w) << 1);
}
