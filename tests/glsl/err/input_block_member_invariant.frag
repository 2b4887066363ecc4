#version 450
// GLSL 4.60 §4.8.1: `invariant` applies only to outputs: not to an input block's member.
layout(location = 0) in Inputs { invariant vec4 a; } v;
layout(location = 0) out vec4 color;
void main() {
    color = v.a;
}
