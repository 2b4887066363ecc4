// Error: a name declared twice in one scope; parameters share the body's outermost scope
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float r; };
float f(float x) {
    float x = 2.0; // parameters and the outermost block are one scope
    return x;
}
void main() {
    float y = 1.0;
    { float y = 3.0; r = y; } // a nested scope may hide it
    float y = 2.0;
    r += y + f(1.0);
}
