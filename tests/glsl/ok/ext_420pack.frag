// Tests: GL_ARB_shading_language_420pack: binding on uniforms, initializer lists, .length() on vectors/matrices, swizzles of scalars, const function params.
#version 450
#extension GL_ARB_shading_language_420pack : enable
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std140) uniform Block { vec4 tint; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

struct Light { vec3 dir; float power; };

void main() {
    float arr[3] = { 1.0, 2.0, 3.0 };
    vec2 v = { 0.5, 0.25 };
    Light l = { vec3(0.0, 1.0, 0.0), 2.0 };
    mat2 m = { vec2(1.0, 0.0), { 0.0, 1.0 } };
    float s = 2.0;
    vec4 c = texture(tex, uv * v) * tint;
    c.x += arr[2] + float(c.length() + m.length()) + s.xx.y + l.power;
    color = c;
}
