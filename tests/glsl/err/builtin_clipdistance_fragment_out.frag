#version 450
// In a fragment shader gl_ClipDistance is an input.
out float gl_ClipDistance[2];
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
