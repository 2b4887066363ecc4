#version 450
const float gl_x = 1.0;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
