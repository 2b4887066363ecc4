// Tests: a block's coherence and one member's: one each, allowed (the greater applies to the member)
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(binding = 0) workgroupcoherent buffer B { coherent uint x; devicecoherent uint y; uint z; } b;
layout(binding = 1) volatile queuefamilycoherent nonprivate buffer C { uint w; } c;
void main() { b.x = b.y + b.z + c.w; }
