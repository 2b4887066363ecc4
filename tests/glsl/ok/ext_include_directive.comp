// Tests: GL_GOOGLE_include_directive: quoted includes from the include dir, nested relative include, include guards, macros from includes.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
#include "common.glsl"
#include "bindings.glsl"
layout(local_size_x = 8) in;

void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = saturate(SQUARE(values[i])) * TAU;
}
