// Error: a `writeonly` member of a buffer reference block is read (GLSL 4.60 §4.10; glslang: "can't read from writeonly object")
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer R { writeonly int a; int b; };
layout(std430, set = 0, binding = 0) buffer B { R r; } buf;
void main() {
    buf.r.a = 1;
    buf.r.b = buf.r.a;
}
