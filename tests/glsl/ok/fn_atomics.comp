// Tests: chapter 8.11 atomic functions on buffer members (uint and int) and on shared variables: Add, Min, Max, And, Or, Xor, Exchange, CompSwap.
#version 450
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) buffer Counters { uint u; int i; uint slots[4]; } c;
shared uint su;
shared int si[2];

void main() {
    uint lid = gl_LocalInvocationID.x;
    if (lid == 0u) { su = 0u; si[0] = 0; si[1] = 0; }
    barrier();
    uint a = atomicAdd(c.u, 1u) + atomicMin(c.u, 100u) + atomicMax(c.u, 2u);
    a += atomicAnd(c.u, 0xFFFFu) + atomicOr(c.u, 1u) + atomicXor(c.u, 2u) + atomicExchange(c.slots[lid % 4u], lid);
    a += atomicCompSwap(c.slots[0], 0u, 1u);
    int b = atomicAdd(c.i, -1) + atomicMin(c.i, -5) + atomicMax(c.i, 3) + atomicExchange(si[1], 2);
    atomicAdd(su, a);
    atomicMax(si[0], b);
    atomicCompSwap(si[1], 2, int(lid));
    barrier();
    if (lid == 0u) c.slots[3] = su + uint(si[0]);
}
