#version 450
out float gl_FragDepth[2];
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
