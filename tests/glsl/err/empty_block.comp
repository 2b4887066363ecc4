#version 450
// GLSL 4.60 §4.3.9 (grammar: a block declares at least one member).
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer Empty { } empty;
layout(binding = 1, std430) buffer Out { uint value; } outp;
void main() {
    outp.value = 1u;
}
