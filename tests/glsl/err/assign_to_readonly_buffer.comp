// Error: a store into a readonly buffer member
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) readonly buffer In { float data[]; };
void main() {
    data[0] = 1.0;
}
