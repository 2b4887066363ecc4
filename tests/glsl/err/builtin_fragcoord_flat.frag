#version 450
// gl_FragCoord keeps its interpolation: only its layout can change.
flat in vec4 gl_FragCoord;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
