// Error: interpolation, auxiliary and `invariant` qualifiers on function parameters (glslang: "cannot use auxiliary or interpolation qualifiers on a function parameter", "cannot use invariant qualifier on a function parameter")
#version 450
layout(location = 0) out vec4 color;
float f(flat float x, in sample float y) {
    return x + y;
}
float g(invariant float x) {
    return x;
}
void main() {
    color = vec4(f(1.0, 2.0) + g(3.0));
}
