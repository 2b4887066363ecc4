// Error: assignment to a shader input
#version 450
layout(location = 0) in vec4 tint;
layout(location = 0) out vec4 color;
void main() {
    tint = vec4(1.0);
    color = tint;
}
