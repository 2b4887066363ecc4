#version 450
// A block's `align` is a power of two (GLSL 4.60 §4.4.5), as a member's is.
layout(local_size_x = 1) in;
layout(std430, binding = 0, align = 24) buffer B { float a; } b;
void main() {
    b.a = 1.0;
}
