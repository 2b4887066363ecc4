#version 450
// GLSL 4.60 §4.4: a default-qualifier declaration (`layout(std430);`) needs a storage
// qualifier (`layout(std430) buffer;`).
layout(local_size_x = 1) in;
layout(std430);
layout(binding = 0) buffer Out { uint value; } outp;
void main() {
    outp.value = 1u;
}
