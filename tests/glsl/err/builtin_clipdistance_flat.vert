#version 450
flat out float gl_ClipDistance[2];
void main() {
    gl_Position = vec4(0.0);
}
