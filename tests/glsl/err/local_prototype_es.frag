#version 310 es
// A prototype inside a function is refused in GLSL ES (ES 3.20 §6.1; glslang: "local function declaration" not supported with this profile).
precision mediump float;
layout(location = 0) out vec4 color;
void main() {
    float g(float a);
    color = vec4(g(2.0));
}
float g(float a) { return a * 3.0; }
