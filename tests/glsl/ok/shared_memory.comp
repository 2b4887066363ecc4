// Tests: shared variables (scalars, arrays, arrays of structs) with barrier() and a parallel reduction.
#version 450
layout(local_size_x = 64) in;
struct Pair { float sum; uint n; };
shared float partial[64];
shared Pair totals[2];
shared uint counter;
layout(std430, set = 0, binding = 0) buffer Data { float result; float values[]; };

void main() {
    uint lid = gl_LocalInvocationID.x;
    if (lid == 0u) { counter = 0u; totals[0] = Pair(0.0, 0u); }
    partial[lid] = values[gl_GlobalInvocationID.x];
    barrier();
    for (uint s = 32u; s > 0u; s >>= 1) {
        if (lid < s) partial[lid] += partial[lid + s];
        memoryBarrierShared();
        barrier();
    }
    atomicAdd(counter, 1u);
    if (lid == 0u) {
        totals[0].sum = partial[0];
        totals[0].n = counter;
        result = totals[0].sum / float(totals[0].n);
    }
}
