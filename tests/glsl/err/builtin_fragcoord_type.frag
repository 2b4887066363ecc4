#version 450
in vec3 gl_FragCoord;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
