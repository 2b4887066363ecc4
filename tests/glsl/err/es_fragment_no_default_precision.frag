#version 310 es
// Error: an ES fragment shader declaring float types without a precision while no default is in scope, and opaque types without a default (GLSL ES 3.20 §4.7.4)
layout(location = 0) out highp vec4 o;
layout(set = 0, binding = 0) uniform highp sampler3D volume;
layout(set = 0, binding = 1) uniform sampler2DArray layers;
struct S { float x; };
float f(highp float y) { return y; }
void main() {
    {
        precision highp float;
        float inside = 1.0;
    }
    vec2 outside = vec2(1.0);
    for (float t = 0.0; t < 1.0; t += 0.5) {
    }
    o = vec4(outside, 0.0, 1.0);
}
