// GL_KHR_memory_scope_semantics scoped coherence (`devicecoherent`, `queuefamilycoherent`, `workgroupcoherent`, `subgroupcoherent`) without the Vulkan memory model: only plain `coherent` (and `volatile`) is decorated `Coherent`, as glslang writes it; the scoped forms give no decoration (their scopes exist only in the Vulkan memory model). Compared decoration by decoration with glslang by the interface differential
// expect: OpMemberDecorate %F 1 Coherent
// expect: OpDecorate %im2 Coherent
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) workgroupcoherent buffer A { uint a[]; };
layout(set = 0, binding = 1) devicecoherent buffer B { uint b[]; };
layout(set = 0, binding = 2) subgroupcoherent buffer C { uint c[]; };
layout(set = 0, binding = 3) queuefamilycoherent buffer D { uint d[]; };
layout(set = 0, binding = 4) coherent buffer E { uint e[]; };
layout(set = 0, binding = 5) buffer F { devicecoherent uint f0; coherent uint f1; workgroupcoherent uint f2; };
layout(set = 0, binding = 6, r32ui) workgroupcoherent uniform uimage2D im0;
layout(set = 0, binding = 7, r32ui) devicecoherent uniform uimage2D im1;
layout(set = 0, binding = 8, r32ui) coherent uniform uimage2D im2;
void main() {
    a[0] = b[1] + c[2] + d[3] + e[4] + f0 + f1 + f2;
    b[0] = a[1];
    c[0] = 1u;
    d[0] = 2u;
    f0 = e[0];
    atomicAdd(a[5], 1u);
    imageStore(im0, ivec2(0), imageLoad(im1, ivec2(1)));
    imageStore(im1, ivec2(0), imageLoad(im2, ivec2(1)));
    imageStore(im2, ivec2(0), imageLoad(im0, ivec2(1)));
}
