// Tests: every memory qualifier on single block members (GLSL 4.60 §4.10), alone and with the block's own; blocks whose every member is readonly or writeonly.
#version 450
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) buffer Mixed { coherent uint c; volatile uint v; restrict uint r; readonly uint ro; writeonly uint wo; uint plain; } mixed;
layout(std430, set = 0, binding = 1) buffer AllRead { readonly uint a; readonly uint b[]; } allRead;
layout(std430, set = 0, binding = 2) buffer AllWrite { writeonly uint x; writeonly uint y[]; } allWrite;
layout(std430, set = 0, binding = 3) coherent buffer Both { volatile uint spin; restrict readonly uint seed; uint out_; } both;
layout(std430, set = 0, binding = 4) buffer Anon { coherent readonly uint anonIn; writeonly uint anonOut; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    mixed.c = mixed.v + mixed.r + mixed.ro;
    mixed.wo = mixed.plain;
    allWrite.y[i] = allRead.b[i] + allRead.a;
    allWrite.x = 1u;
    both.out_ = both.spin + both.seed;
    anonOut = anonIn;
}
