// GL_KHR_memory_scope_semantics scoped coherence under `#pragma use_vulkan_memory_model`: buffer loads and stores make each access visible/available at the qualifier's scope (Device 1, Workgroup 2, Subgroup 3, QueueFamily 5; plain `coherent` and `volatile` QueueFamily), storage images their texels, with the greatest in glslang's order (coherent > device > queuefamily > workgroup > subgroup) where a block's and its member's both apply; atomics keep their own scope. Compared operand by operand with glslang (tests/glsl_reference_glslang.rs)
// expect: MakePointerAvailable|NonPrivatePointer %uint_2
// expect: MakePointerVisible|NonPrivatePointer %uint_1
// expect: MakePointerAvailable|NonPrivatePointer %uint_3
// expect: MakeTexelAvailable|NonPrivateTexel %uint_2
// expect: MakeTexelVisible|NonPrivateTexel %uint_1
// expect: OpCapability VulkanMemoryModelDeviceScope
#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) workgroupcoherent buffer A { uint a[]; };
layout(set = 0, binding = 1) devicecoherent buffer B { uint b[]; };
layout(set = 0, binding = 2) subgroupcoherent buffer C { uint c[]; };
layout(set = 0, binding = 3) queuefamilycoherent buffer D { uint d[]; };
layout(set = 0, binding = 4) coherent buffer E { uint e[]; };
layout(set = 0, binding = 5) subgroupcoherent buffer F { devicecoherent uint f0; uint f1; workgroupcoherent uint f2; };
layout(set = 0, binding = 6, r32ui) workgroupcoherent uniform uimage2D im0;
layout(set = 0, binding = 7, r32ui) devicecoherent uniform uimage2D im1;
layout(set = 0, binding = 8, r32ui) subgroupcoherent uniform uimage2D im2;
void main() {
    a[0] = b[1] + c[2] + d[3] + e[4] + f0 + f1 + f2;
    b[0] = a[1];
    c[0] = 1u;
    d[0] = 2u;
    f0 = e[0];
    f1 = 3u;
    f2 = 4u;
    atomicAdd(a[5], 1u);
    atomicAdd(b[5], 1u);
    imageStore(im0, ivec2(0), imageLoad(im1, ivec2(1)));
    imageStore(im1, ivec2(0), imageLoad(im2, ivec2(1)));
    imageStore(im2, ivec2(0), imageLoad(im0, ivec2(1)));
    imageAtomicAdd(im0, ivec2(2), 1u);
}
