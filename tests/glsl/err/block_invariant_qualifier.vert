#version 450
// GLSL 4.60 §4.3.9: `invariant` goes on the members of an output block, not on the block.
layout(location = 0) invariant out Outputs { vec4 a; } o;
void main() {
    o.a = vec4(1.0);
    gl_Position = vec4(0.0);
}
