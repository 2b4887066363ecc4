// Error: a layout qualifier that takes no value given one, and one that needs a value given none (GLSL 4.60 §4.4)
#version 450
layout(local_size_x = 1) in;
layout(std430 = 1, set = 0, binding = 0) buffer A { float a; };
layout(set = 0, binding = 1, rgba8 = 2) uniform image2D img;
layout(std430, set = 0, binding) buffer B { layout(offset) float b; };
void main() {
}
