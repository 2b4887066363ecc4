// Tests: coherent and volatile buffers (whole blocks and a block in an array); the wgpu target decorates the block members, as glslang does, which naga reads without wgpu's memory-decoration features.
#version 450
layout(local_size_x = 8) in;
layout(std430, binding = 0) coherent buffer A { uint count; uint data[]; } a;
layout(std430, binding = 1) volatile coherent buffer B { float values[4]; } b[2];
layout(std430, binding = 2) coherent buffer C { uint words[]; };
void main() {
    uint i = gl_LocalInvocationID.x;
    a.data[i] = atomicAdd(a.count, 1u) + words[i];
    b[1].values[i % 4u] = b[0].values[i % 4u] * 2.0;
}
