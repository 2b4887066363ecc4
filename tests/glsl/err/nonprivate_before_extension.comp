// nonprivate used before the #extension that declares it
#version 450
layout(local_size_x = 1) in;
layout(binding = 0) nonprivate buffer B { uint x; } b;
#extension GL_KHR_memory_scope_semantics : require
layout(binding = 1) nonprivate buffer C { uint y; } c;
void main() { c.y = b.x; }
