#version 450
layout(location = 0) out vec2 size;

void main() {
    size = vec2(gl_FragSizeEXT);
}
