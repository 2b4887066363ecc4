#version 450
in int gl_VertexIndex;
void main() {
    gl_Position = vec4(0.0);
}
