// Tests: buffer references stored everywhere: push constants, std140 uniform blocks, arrays of structs holding references, shared and private globals (AliasedPointer), inout/out parameters and results; bool, matrix and runtime-array members behind a reference (glslang's Aligned values: 4, 8, 16).
// wgpu-target-error: buffer references (GL_EXT_buffer_reference)
#version 450
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { Node next; int value; bool flag; mat3 m; float arr[]; };
layout(buffer_reference, std140) buffer Other { Node n; vec3 v; };
struct S { Node n; int k; };
layout(push_constant) uniform PC { Node head; Other other; } pc;
layout(std140, set = 0, binding = 1) uniform U { Node u; S s; } ub;
layout(std430, set = 0, binding = 0) buffer B { S s[4]; Node many[]; } b;
shared Node sh;
Node g;
Node pass(inout Node n, out Node o) { o = n; n = Node(uint64_t(n) + 64ul); return n.next; }
void main() {
    sh = pc.head;
    g = ub.u;
    S local = b.s[1];
    local.n.value = 3;
    b.s[2] = local;
    b.s[0] = ub.s;
    Node a = b.many[int(gl_GlobalInvocationID.x)];
    Node o;
    Node r = pass(a, o);
    r.flag = true;
    r.m[1][2] = 2.0;
    r.arr[3] = a.m[0].x;
    bool f = r.flag;
    pc.other.v = vec3(f ? 1.0 : 0.0);
    Node c = Node(0ul);
    c.value = sh.value + g.value;
    Node z;
    z.value = 1;
}
