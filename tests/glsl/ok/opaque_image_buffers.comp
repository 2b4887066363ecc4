// Tests: texel buffer images (imageBuffer, uimageBuffer): imageLoad, imageStore, imageSize and imageAtomicAdd.
// wgpu-target-error: texel buffers (`samplerBuffer`, `imageBuffer`)
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimageBuffer list;
layout(set = 0, binding = 1, rgba8) uniform imageBuffer colors;

void main() {
    int idx = int(gl_GlobalInvocationID.x) % imageSize(list);
    uint old = imageAtomicAdd(list, idx, 1u);
    imageStore(colors, idx % imageSize(colors), imageLoad(colors, 0) * float(old));
}
