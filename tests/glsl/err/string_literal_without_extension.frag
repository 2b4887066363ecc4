#version 450
layout(location = 0) out vec4 color;

void main() {
    debugPrintfEXT("hello");
    color = vec4(1.0);
}
