#version 450
layout(location = 0) out vec4 color;
float f(float gl_x) { return gl_x; }
void main() {
    color = vec4(f(1.0));
}
