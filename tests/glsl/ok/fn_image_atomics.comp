// Tests: image atomics on r32ui/r32i 2D images: imageAtomicAdd/Min/Max/And/Or/Xor/Exchange/CompSwap.
// wgpu-target-error: image atomics
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1, r32i) uniform iimage2D signedCounts;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy) % imageSize(counts);
    uint v = imageAtomicAdd(counts, p, 1u);
    v += imageAtomicMin(counts, p, 5u) + imageAtomicMax(counts, p, 2u);
    v += imageAtomicAnd(counts, p, 0xFFu) + imageAtomicOr(counts, p, 1u) + imageAtomicXor(counts, p, 3u);
    v += imageAtomicExchange(counts, p, 7u) + imageAtomicCompSwap(counts, p, 7u, 8u);
    int s = imageAtomicAdd(signedCounts, p, -1) + imageAtomicMin(signedCounts, p, -4) + imageAtomicMax(signedCounts, p, 4);
    imageAtomicAdd(counts, p.yx, v + uint(s));
}
