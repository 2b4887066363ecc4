#version 450
// GLSL 4.60 §4.4: a default-qualifier declaration (`layout(...);`) needs a storage qualifier.
layout(location = 2);
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
