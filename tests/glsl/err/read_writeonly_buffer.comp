// Error: a `writeonly` buffer block (one of a descriptor array) is read, through a swizzle (GLSL 4.60 §4.10; glslang: "can't read from writeonly object")
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) writeonly buffer W { ivec2 v; int x; } w[2];
layout(std430, set = 0, binding = 1) buffer B { int y; } b;
void main() {
    w[1].v.x = 1;
    b.y = w[0].v.y;
}
