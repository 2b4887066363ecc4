// GL_KHR_memory_scope_semantics `#pragma use_vulkan_memory_model` with memory qualifiers on single block members (named and anonymous buffer blocks, a struct member, a buffer reference block, a uniform block): only accesses to a coherent/volatile member carry MakePointerVisible/MakePointerAvailable at QueueFamily scope (and Volatile), atomics on a volatile member the Volatile semantics bit, as glslang writes them; accesses to the other members carry none
// expect: OpMemoryModel PhysicalStorageBuffer64 Vulkan
// expect: Volatile|MakePointerVisible|NonPrivatePointer %uint_5
// expect: %uint_32768
#version 450
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_buffer_reference : require
#pragma use_vulkan_memory_model
layout(local_size_x = 1) in;
struct S { int x; int y; };
layout(buffer_reference, std430) buffer R { coherent int ra; volatile int rb; readonly int rc; writeonly int rd; restrict int re; int rf; };
layout(set = 0, binding = 0) buffer B { coherent int a; volatile int b; int c; coherent S s; int arr[4]; R r; } buf;
layout(set = 0, binding = 1) buffer C { volatile int ca; int cb; };
layout(set = 0, binding = 2) uniform U { int ua; volatile int ub; coherent int uc; } u;
void main() {
    buf.c = buf.a + buf.b;
    buf.a = buf.c;
    buf.b = 3;
    buf.s.x = buf.arr[1];
    S t = buf.s;
    buf.arr[2] = t.y;
    cb = ca;
    ca = cb;
    atomicAdd(buf.c, 1);
    atomicAdd(buf.b, 1);
    R r = buf.r;
    r.rf = r.ra + r.rb + r.rc;
    r.rd = r.re;
    r.ra = 1;
    r.rb = 2;
    atomicAdd(r.rf, 1);
    atomicAdd(r.rb, 1);
    buf.c = u.ua + u.ub + u.uc;
}
