// Tests: a value-returning function with `return` on some paths only (glslang accepts it; falling off the end returns zero here), and one returning from every branch.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; };
float positive_or_nothing(float x) {
    if (x > 0.0) {
        return x;
    }
}
int sign_of(int x) {
    if (x > 0) return 1; else if (x < 0) return -1; else return 0;
}
void main() {
    f = positive_or_nothing(f);
    i = sign_of(i);
}
