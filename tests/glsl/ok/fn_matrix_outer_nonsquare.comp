// Tests: outerProduct with vectors of different sizes: outerProduct(vec3 c, vec2 r) is a mat2x3 (c rows, r columns; GLSL 4.60 §8.6).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec3 c; vec2 r; mat2x3 m23; mat4x3 m43; };

void main() {
    m23 = outerProduct(c, r) + m23;
    m43 = outerProduct(c, vec4(r, r)) + m43;
}
