// Error: an undeclared name gets a suggestion among the names in scope
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { float result; };
void main() {
    float counter = 1.0;
    result = countr;
}
