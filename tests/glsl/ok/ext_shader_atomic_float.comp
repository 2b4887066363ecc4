// Tests: GL_EXT_shader_atomic_float(2): atomicAdd/atomicExchange/atomicMin/atomicMax on float buffer and shared variables (OpAtomicFAddEXT, OpAtomicFMinEXT/FMaxEXT, OpAtomicExchange).
// wgpu-target-error: float atomic min/max
#version 450
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float sum; float lowest; float highest; float last; float values[]; };
shared float partial;

void main() {
    float v = values[gl_LocalInvocationIndex];
    if (gl_LocalInvocationIndex == 0u) {
        partial = 0.0;
    }
    barrier();
    atomicAdd(partial, v);
    float old = atomicMin(lowest, v);
    atomicMax(highest, old);
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        atomicAdd(sum, partial);
        last = atomicExchange(last, partial);
    }
}
