#version 450
// invariant applies to outputs only.
invariant in vec4 gl_FragCoord;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
