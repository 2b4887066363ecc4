// GL_KHR_memory_scope_semantics storage images under `#pragma use_vulkan_memory_model`: coherent/volatile images read and write with MakeTexelVisible/MakeTexelAvailable at QueueFamily scope and VolatileTexel, every access NonPrivateTexel (glslang's image operands; a workgroupcoherent image at Workgroup scope), atomics on volatile images the Volatile semantics bit
// expect: MakeTexelVisible|NonPrivateTexel|VolatileTexel %uint_5
// expect: MakeTexelAvailable|NonPrivateTexel %uint_2
// expect: %uint_32768 %int_3
#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
layout(local_size_x = 1) in;
layout(binding = 0, r32ui) workgroupcoherent uniform uimage2D imageu;
layout(binding = 1, r32i) volatile coherent uniform iimage2D imagei;
layout(binding = 5, r32i) nonprivate uniform iimage2D imagej[2];
void main() {
    ivec4 a = imageLoad(imagei, ivec2(0,0));
    ivec4 b = imageLoad(imagej[0], ivec2(0,0));
    imageStore(imagej[1], ivec2(0,0), a + b);
    imageStore(imageu, ivec2(1,1), uvec4(3u));
    int o = imageAtomicAdd(imagei, ivec2(0,0), 3);
    imageAtomicStore(imageu, ivec2(0,0), 4u, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelease);
}
