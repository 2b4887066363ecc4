// Error: reserved words (GLSL 4.60 §3.6) are not names
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
void main() {
    float input = 1.0;
    r = input;
}
