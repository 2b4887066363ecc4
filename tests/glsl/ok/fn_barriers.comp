// Tests: chapter 8.16/8.17 barriers: barrier, memoryBarrier, memoryBarrierBuffer/Shared/Image, groupMemoryBarrier, in uniform control flow.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint values[]; };
layout(set = 0, binding = 1, r32ui) uniform uimage2D img;
shared uint tile[64];

void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = values[gl_GlobalInvocationID.x];
    memoryBarrierShared();
    barrier();
    values[gl_GlobalInvocationID.x] = tile[63u - lid];
    memoryBarrierBuffer();
    imageStore(img, ivec2(lid, 0), uvec4(tile[lid]));
    memoryBarrierImage();
    groupMemoryBarrier();
    memoryBarrier();
    barrier();
}
