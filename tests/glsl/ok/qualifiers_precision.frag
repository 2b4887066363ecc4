#version 310 es
// Tests: ES 3.10 precision qualifiers: default precision statements, lowp/mediump/highp on variables, parameters and returns.
precision mediump float;
precision highp int;
precision lowp sampler2D;

layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in highp vec2 uv;
layout(location = 1) in mediump vec4 tint;
layout(location = 0) out lowp vec4 color;

highp float luminance(mediump vec3 c) {
    return dot(c, vec3(0.299, 0.587, 0.114));
}

void main() {
    lowp vec4 t = texture(tex, uv);
    mediump float l = luminance(t.rgb);
    highp int n = 3;
    color = t * tint + vec4(l) / float(n);
}
