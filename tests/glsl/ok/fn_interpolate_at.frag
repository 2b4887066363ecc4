// Tests: chapter 8.13 interpolation functions: interpolateAtCentroid, interpolateAtSample, interpolateAtOffset on inputs and swizzles.
// wgpu-target-error: `interpolateAt*` functions
#version 450
layout(location = 0) in vec4 a;
layout(location = 1) in vec2 b;
layout(location = 2) noperspective in float c;
layout(location = 0) out vec4 color;

void main() {
    vec4 x = interpolateAtCentroid(a);
    x += interpolateAtSample(a, 1);
    x.xy += interpolateAtOffset(b, vec2(0.25, -0.25));
    x.z += interpolateAtSample(c, gl_SampleID) + interpolateAtCentroid(c);
    color = x;
}
