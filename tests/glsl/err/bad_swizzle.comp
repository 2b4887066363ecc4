// Error: a swizzle beyond the vector size and mixed swizzle sets
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    vec2 a = vec2(1.0);
    v = a.xyzw;
}
