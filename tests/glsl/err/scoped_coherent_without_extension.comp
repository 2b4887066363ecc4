// workgroupcoherent is a GL_KHR_memory_scope_semantics keyword
#version 450
layout(local_size_x = 1) in;
layout(binding = 0) workgroupcoherent buffer B { uint x; } b;
void main() { b.x = 1u; }
