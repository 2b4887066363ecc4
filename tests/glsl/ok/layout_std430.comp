// Tests: std430 buffer layout: tight scalar arrays, vec3 followed by a float, arrays of vec2, matrices in a buffer, structs.
#version 450
layout(local_size_x = 1) in;

struct P { vec3 pos; float w; vec2 uv[2]; };

layout(std430, set = 0, binding = 0) buffer Data {
    float f[4];
    vec2 v2[3];
    vec3 v3;
    float after;
    mat2 m;
    mat3 m3;
    P p[2];
    double d;
    dvec3 dv;
} data;

void main() {
    data.f[1] = data.v2[2].y + data.v3.z + data.after;
    data.m[1] = data.m3[2].xy;
    data.p[1].uv[1] = data.p[0].pos.xy * data.p[0].w;
    data.d += data.dv.z;
}
