#version 450
// GLSL 4.60 §4.4: layout qualifiers apply to `in`, `out`, `uniform` and `buffer` declarations;
// a plain global takes none of them.
layout(location = 1) vec3 normal;
layout(binding = 0) vec4 tint;
layout(std140) vec4 packed;
layout(offset = 4) float shifted;
layout(row_major) mat4 m;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(normal, 1.0) + tint + packed + vec4(shifted) + m[0];
}
