// GL_EXT_buffer_reference: a self-referencing block reached through a reference in a storage block; PhysicalStorageBuffer64 addressing, a forward pointer for the cycle, Aligned loads and stores with glslang's alignments (16 for the reference at offset 0, 8 for the int at offset 8 under align 16), AliasedPointer locals
// expect: OpCapability PhysicalStorageBufferAddresses
// expect: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// expect: OpTypeForwardPointer
// expect: Aligned 16
// expect: Aligned 8
// expect: OpDecorate %node AliasedPointer
// expect: OpConvertUToPtr
// expect: OpConvertPtrToU
#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    Node next;
    int value;
};
layout(set = 0, binding = 0) buffer Roots { Node head; uint64_t address; int total; } roots;
void main() {
    int total = 0;
    Node node = roots.head;
    for (int i = 0; i < 8 && uint64_t(node) != 0ul; i++) {
        total += node.value;
        node.value = 0;
        node = node.next;
    }
    roots.address = uint64_t(Node(roots.address).next);
    roots.total = total;
}
