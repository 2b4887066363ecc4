#version 450
// GLSL 4.60 §4.5: a fragment input struct that contains an integer, however deep, must be
// `flat`.
struct Inner { uint id; };
struct Outer { vec2 uv; Inner inner; };
layout(location = 0) in Outer v;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(v.uv, float(v.inner.id), 1.0);
}
