// Tests: std140 uniform block layout: vec3 + float packing, arrays rounded to 16, matrices, nested structs, explicit offset.
#version 450
layout(local_size_x = 1) in;

struct Light { vec3 dir; float power; float falloff[2]; };

layout(std140, set = 0, binding = 0) uniform Params {
    float a;
    vec3 b;
    float c[3];
    mat3 m;
    mat2x3 n;
    Light light;
    layout(offset = 240) vec2 late;
    dvec3 dv;
} params;

layout(std430, set = 0, binding = 1) buffer Out { vec4 result; };

void main() {
    result = vec4(params.b, params.a) + vec4(params.c[2]) + vec4(params.m[1], 0.0)
        + vec4(params.n[1], params.light.power + params.light.falloff[1]) + vec4(params.late, 0.0, 0.0)
        + vec4(vec3(params.dv), 0.0);
}
