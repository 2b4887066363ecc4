#version 450
layout(early_fragment_tests, location = 0) in vec4 tint;
layout(location = 0) out vec4 color;

void main() {
    color = tint;
}
