// GL_KHR_memory_scope_semantics atomics under the GLSL450 memory model: atomicLoad/atomicStore, read-modify-write and compare-swap with scope and semantics, 64-bit and image variants; scope and semantics operands as glslang writes them
// expect: OpMemoryModel Logical GLSL450
// expect: OpAtomicLoad %uint
// expect: %uint_1 %uint_68 %
// expect: OpAtomicIAdd %uint
// expect: %uint_2 %uint_264 %uint_258
// expect: OpCapability Int64Atomics
// expect: OpImageTexelPointer
#version 450
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint flag; uint count; uint64_t wide; int result; } data;
layout(set = 0, binding = 1, r32ui) uniform uimage2D img;
shared uint slot;
void main() {
    uint old = atomicAdd(data.count, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);
    atomicStore(data.flag, old, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
    uint f = atomicLoad(data.flag, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
    uint swapped = atomicCompSwap(slot, 0u, f, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease, gl_StorageSemanticsShared, gl_SemanticsAcquire);
    atomicStore(data.wide, uint64_t(swapped), gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    imageAtomicStore(img, ivec2(0, 0), f, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelease);
    uint t = imageAtomicLoad(img, ivec2(1, 0), gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsAcquire);
    uint m = imageAtomicMax(img, ivec2(2, 0), t, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelaxed);
    data.result = int(m);
}
