#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0, align = 7.5) buffer B { float x; } b;

void main() {
    b.x = 1.0;
}
