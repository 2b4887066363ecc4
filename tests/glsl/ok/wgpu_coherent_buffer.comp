// Tests: coherent and volatile buffers (whole blocks; an array of blocks is an error for the wgpu target, see cli_wgpu_target); the wgpu target decorates the block members, as glslang does, which naga reads without wgpu's memory-decoration features.
#version 450
layout(local_size_x = 8) in;
layout(std430, binding = 0) coherent buffer A { uint count; uint data[]; } a;
layout(std430, binding = 1) volatile coherent buffer B { float values[4]; } b;
layout(std430, binding = 2) coherent buffer C { uint words[]; };
void main() {
    uint i = gl_LocalInvocationID.x;
    a.data[i] = atomicAdd(a.count, 1u) + words[i];
    b.values[i % 4u] = b.values[3u - i % 4u] * 2.0;
}
