#version 450
// GLSL 4.60 §4.3.9: no interpolation qualifier on an input block.
layout(location = 0) flat in Inputs { int a; float b; } v;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(v.a) + v.b);
}
