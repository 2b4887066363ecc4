// Two scoped coherences on one block member: only one coherence qualifier
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { devicecoherent uint x; subgroupcoherent queuefamilycoherent uint y; } b;
void main() { b.y = b.x; }
