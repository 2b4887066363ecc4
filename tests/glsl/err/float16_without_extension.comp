// Error: 16-bit types need their extension
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
void main() {
    float16_t h = float16_t(1.0);
    r = float(h);
}
