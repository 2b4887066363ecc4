// Error: an rvalue passed to an out parameter
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void set(out float x) { x = 1.0; }
void main() {
    set(f + 1.0);
}
