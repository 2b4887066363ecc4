#version 320 es
// Tests: an ES 3.20 compute shader: default precisions, highp/mediump, shared memory, buffer blocks, images with formats, barriers.
precision highp float;
precision highp int;
precision highp uimage2D;
layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;
layout(std430, binding = 0) buffer Data { mediump float values[]; };
layout(binding = 1, r32ui) uniform highp uimage2D counts;
shared highp float tile[16];

void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = values[gl_GlobalInvocationID.x];
    memoryBarrierShared();
    barrier();
    mediump float sum = 0.0;
    for (uint i = 0u; i < 16u; ++i) sum += tile[i];
    values[gl_GlobalInvocationID.x] = sum / 16.0;
    imageStore(counts, ivec2(int(lid), 0), uvec4(imageLoad(counts, ivec2(0)).x + 1u));
}
