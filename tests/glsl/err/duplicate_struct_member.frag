#version 450
// GLSL 4.60 §4.1.8: member names of a struct are unique.
struct Light { vec4 position; vec3 color; vec4 position; };
layout(location = 0) out vec4 color;
void main() {
    Light l;
    l.position = vec4(1.0);
    color = l.position;
}
