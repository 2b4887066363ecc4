#version 450
// The core type names are keywords (GLSL 4.60 §3.6): a parameter or a variable cannot be named
// `float` or `vec3`.
layout(local_size_x = 1) in;
float k(double float) {
    return 9.0;
}
void main() {
    int vec3 = 1;
}
