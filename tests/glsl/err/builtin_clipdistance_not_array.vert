#version 450
out float gl_ClipDistance;
void main() {
    gl_Position = vec4(0.0);
}
