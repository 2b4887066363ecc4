// GL_EXT_buffer_reference blocks with memory qualifiers on single members, alone and with the block's own (GLSL 4.60 §4.10): each member decorated as glslang decorates it (volatile also Coherent), the block's qualifiers reaching its accesses
// expect: OpMemberDecorate %R 1 Volatile
// expect: OpMemberDecorate %R 4 Restrict
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer R { coherent int ra; volatile int rb; readonly int rc; writeonly int rd; restrict int re; int rf; };
layout(buffer_reference, std430) readonly buffer Q { coherent int qa; restrict uint qb[]; };
layout(buffer_reference, std430) coherent buffer P { volatile int pa; writeonly int pb; };
layout(set = 0, binding = 0) buffer B { R r; Q q; P p; } buf;
void main() {
    R r = buf.r;
    r.rf = r.ra + r.rb + r.rc + buf.q.qa + int(buf.q.qb[1]);
    r.rd = r.re;
    buf.p.pb = buf.p.pa;
}
