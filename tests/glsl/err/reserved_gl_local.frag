#version 450
layout(location = 0) out vec4 color;
void main() {
    float gl_x = 1.0;
    color = vec4(gl_x);
}
