// Value noise. "hash.glsl" is found next to this file, wherever it is included from.
#pragma once
#include "hash.glsl"

// The value of the lattice cell `p`, in [0, 1) with 24 bits (exact in float).
float cell(uvec2 p) {
    return float(pcg(p.x ^ pcg(p.y)) >> 8u) / 16777216.0;
}

// Value noise at `p` (p >= 0): the four surrounding cells blended with smoothstep weights.
float noise2(vec2 p) {
    vec2 i = floor(p);
    vec2 f = p - i;
    uvec2 c = uvec2(i);
    vec2 w = f * f * (3.0 - 2.0 * f);
    float bottom = mix(cell(c), cell(c + uvec2(1u, 0u)), w.x);
    float top = mix(cell(c + uvec2(0u, 1u)), cell(c + uvec2(1u, 1u)), w.x);
    return mix(bottom, top, w.y);
}
