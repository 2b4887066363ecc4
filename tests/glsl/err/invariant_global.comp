#version 450
// GLSL 4.60 §4.8.1: `invariant` applies only to outputs: not to a global or shared variable.
layout(local_size_x = 1) in;
invariant float x;
invariant shared float y;
layout(binding = 0) buffer B { float r; };
void main() {
    x = 1.0;
    y = 2.0;
    r = x + y;
}
