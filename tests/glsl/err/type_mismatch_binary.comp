// Error: adding vec2 and vec3
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    vec2 a = vec2(1.0);
    vec3 b = vec3(2.0);
    v = vec4(a + b, 1.0);
}
