// Error: genType built-ins take vectors of one size (dot(vec4, vec3), step(vec2, vec3))
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { vec4 a; vec3 b; float r; vec2 s; };
void main() {
    r = dot(a, b);
    s = step(vec2(1.0), vec3(2.0));
}
