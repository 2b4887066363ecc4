#version 450
#extension GL_GOOGLE_include_directive : require
// Uses the shader library `noise` (examples/shader-library/noise) by package name.
#include <noise/value.glsl>

layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer Cells { float data[]; } cells;
layout(set = 0, binding = 1) buffer Values { float data[]; } values;

void main() {
    uint x = gl_GlobalInvocationID.x;
    cells.data[x] = cell(uvec2(x, x * 7u + 3u));
    values.data[x] = noise2(vec2(float(x) * 0.37, 1.5));
}
