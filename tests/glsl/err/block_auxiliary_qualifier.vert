#version 450
// GLSL 4.60 §4.3.9: `centroid` and `sample` go on the members of a block, not on the block.
layout(location = 0) centroid out Centroid { float a; } c;
layout(location = 1) sample out Sample { float b; } s;
void main() {
    c.a = 1.0;
    s.b = 1.0;
    gl_Position = vec4(0.0);
}
