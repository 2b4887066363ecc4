// GL_KHR_memory_scope_semantics `#pragma use_vulkan_memory_model`: coherent and volatile buffers get per-access MakePointerVisible/MakePointerAvailable at QueueFamily scope instead of decorations (member-level `workgroupcoherent`/`devicecoherent` at Workgroup/Device scope), shared memory at Workgroup scope, atomics on volatile variables the Volatile semantics bit
// expect: OpMemoryModel Logical Vulkan
// expect: MakePointerVisible|NonPrivatePointer %uint_5
// expect: MakePointerAvailable|NonPrivatePointer %uint_5
// expect: Volatile|MakePointerVisible|NonPrivatePointer %uint_5
// expect: MakePointerAvailable|NonPrivatePointer %uint_2
// expect: MakePointerVisible|NonPrivatePointer %uint_1
// expect: %uint_32768
#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
layout(local_size_x = 1) in;
layout(binding = 3) coherent buffer BufferI { uint x; } bufferi;
layout(binding = 4) volatile buffer BufferJ { uint x; } bufferj;
layout(binding = 5) buffer BufferK { workgroupcoherent uint x; devicecoherent uint y; } bufferk;
shared uint s;
void main() {
    uint y = bufferi.x;
    bufferi.x = y + 1u;
    y = bufferj.x;
    bufferj.x = y;
    bufferk.x = bufferk.y;
    s = y;
    atomicAdd(bufferj.x, 1u);
}
