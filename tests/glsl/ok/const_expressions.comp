// Tests: constant expressions: const globals from built-in calls and constructors, array sizes from constants, .length() as a constant, gl_WorkGroupSize.
#version 450
layout(local_size_x = 8, local_size_y = 2) in;
const int N = 4;
const int M = N * 2 + 1;
const uint U = uint(M) << 1;
const float PI = 3.14159265;
const vec3 AXIS = vec3(0.70710678, 0.70710678, 0.0) * 2.0;
const float ANGLE = radians(90.0);
const int SIZES[3] = int[3](N, M, int(U));
const int FROM_LENGTH = SIZES.length() * 2;
const ivec2 MINMAX = ivec2(min(N, M), max(N, M));
const uvec3 WG = gl_WorkGroupSize;

layout(std430, set = 0, binding = 0) buffer Out { float a[M]; float b[FROM_LENGTH]; vec4 c; uint wg[WG.x * WG.y]; };

shared float tile[N][int(U)];

void main() {
    float local[MINMAX.y + 1];
    local[0] = PI;
    tile[0][0] = ANGLE;
    a[M - 1] = local[0] + tile[0][0];
    b[SIZES[0]] = float(SIZES[2]);
    c = vec4(AXIS, sin(ANGLE));
    wg[gl_LocalInvocationIndex] = WG.x;
}
