// Error: qualifier keywords used as names: a block, a variable, a member, a function (GLSL 4.60 §3.6)
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 1) buffer writeonly { ivec4 value; };
layout(std430, set = 0, binding = 2) buffer B { int sample; } b;
void precise() {}
void main() {
    int flat = 1;
    value = ivec4(flat);
}
