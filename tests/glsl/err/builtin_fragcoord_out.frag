#version 450
// gl_FragCoord is an input.
out vec4 gl_FragCoord;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
