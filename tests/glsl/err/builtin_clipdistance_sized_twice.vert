#version 450
out float gl_ClipDistance[2];
out float gl_ClipDistance[2];
void main() {
    gl_Position = vec4(0.0);
}
