#version 450
// gl_MaxClipDistances is 8.
out float gl_ClipDistance[9];
void main() {
    gl_Position = vec4(0.0);
}
