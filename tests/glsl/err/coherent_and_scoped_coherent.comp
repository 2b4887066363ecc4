// GL_KHR_memory_scope_semantics: at most one of coherent and the scoped *coherent qualifiers
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(binding = 0) coherent workgroupcoherent buffer B { uint x; } b;
void main() { b.x = 1u; }
