#version 450
layout(location = 1) out float gl_ClipDistance[2];
void main() {
    gl_Position = vec4(0.0);
}
