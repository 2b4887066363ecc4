#version 450
// GLSL 4.60 §4.1.8 (grammar: a struct declares at least one member).
struct Nothing { };
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
