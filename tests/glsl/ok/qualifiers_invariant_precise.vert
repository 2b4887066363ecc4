// Tests: invariant (declaration and redeclaration of gl_Position) and precise on a variable and an output.
#version 450
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 offset;
layout(location = 0) invariant out vec4 stable;
layout(location = 1) out vec4 other;
invariant gl_Position;
layout(location = 2) precise out vec4 other2;

void main() {
    precise vec4 p = pos * 2.0 + offset;
    stable = p;
    other = pos;
    other2 = fma(pos, offset, p);
    gl_Position = p;
}
