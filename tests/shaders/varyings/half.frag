#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#include "types.glsl"
layout(location = 0) in HALF2 half_smooth;
layout(location = 2) flat in HALF half_flat;
layout(location = 3) noperspective in HALF half_linear;
layout(location = 0) out HALF4 color;
void main() {
    color = HALF4(half_smooth, half_linear, half_flat);
}
