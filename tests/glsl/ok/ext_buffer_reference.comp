// Tests: GL_EXT_buffer_reference(2, _uvec2): forward-declared and self-referencing blocks, references in blocks, structs, arrays, locals, parameters and results; uint64_t/uvec2 conversions both ways; member loads/stores (Aligned); runtime arrays behind a reference; atomics through a reference; reference arithmetic and indexing; ?: on references.
// wgpu-target-error: buffer references (GL_EXT_buffer_reference)
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;

layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    Node next;
    int value;
    vec4 payload;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Counters {
    uint hits;
    int items[];
};
layout(buffer_reference, scalar, buffer_reference_align = 4) readonly buffer Floats { float f; };

struct Pair { Node first; Counters counters; };

layout(std430, set = 0, binding = 0) buffer Roots {
    Node head;
    Pair pair;
    uvec2 packed;
    uint64_t raw;
    Floats floats[2];
    int result;
    uint count;
} roots;

int sum(Node n, int limit) {
    int total = 0;
    for (int i = 0; i < limit && uint64_t(n) != 0ul; i++) {
        total += n.value;
        n = n.next;
    }
    return total;
}

Node second(Node n) { return n.next; }

void main() {
    Node head = roots.head;
    head.value = 7;
    head.payload.y = 2.0;
    Node copy = Node(roots.raw);
    Node fromPacked = Node(roots.packed);
    roots.packed = uvec2(head);
    roots.raw = uint64_t(second(head));
    bool same = uint64_t(copy) == uint64_t(fromPacked);
    Counters c = roots.pair.counters;
    atomicAdd(c.hits, 1u);
    roots.count = uint(c.items[2]);
    Node third = head + 2;
    Node fourth = head[3];
    int64_t gap = fourth - third;
    Node pick = same ? third : fourth;
    Node list[2] = Node[2](head, pick);
    roots.result = sum(list[1], 4) + int(gap) + int(roots.floats[1].f);
}
