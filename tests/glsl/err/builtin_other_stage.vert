#version 450
// gl_FragCoord is not a vertex shader built-in.
in vec4 gl_FragCoord;
void main() {
    gl_Position = vec4(0.0);
}
