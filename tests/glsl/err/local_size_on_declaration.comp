// A workgroup size above 1 only in a standalone `layout(...) in;` (glslang: "can only apply to
// a standalone qualifier"; a size of 1 passes)
#version 450
layout(local_size_x = 2) in;
layout(local_size_y = 2, std430, binding = 0) buffer B { uint x; } b;
void main() {
    b.x = 1u;
}
