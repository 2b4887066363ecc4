#version 310 es
// Tests: GLSL ES default precision (GLSL ES 3.20 §4.7.4): explicit precisions, a scoped default, sampler2D's default, a default for an opaque type, int's default.
precision highp sampler3D;
layout(location = 0) in highp vec2 uv;
layout(location = 0) out highp vec4 o;
layout(set = 0, binding = 0) uniform sampler2D image;
layout(set = 0, binding = 1) uniform sampler3D volume;
struct S { highp float x; int n; };
highp float scale(highp float y, int k) { return y * float(k); }
void main() {
    int n = 2;
    {
        precision mediump float;
        float inside = scale(uv.x, n);
        o = texture(image, uv) * inside;
    }
    S s = S(1.0, 3);
    o += texture(volume, vec3(uv, s.x)) * float(s.n);
}
