#version 450
// A matrix constructed from a matrix takes that argument alone (GLSL 4.60 §5.4.2).
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { mat3 m; };
void main() {
    m = mat3(vec3(1.0), vec3(2.0), mat4x3(3.0));
}
