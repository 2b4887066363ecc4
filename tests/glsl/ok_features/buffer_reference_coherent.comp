// GL_EXT_buffer_reference: a `coherent volatile` reference block (qualifiers on the definition after a plain forward declaration) under the GLSL450 memory model gets Coherent and Volatile member decorations on the pointee, as glslang writes them
// expect: OpMemberDecorate %Node 0 Coherent
// expect: OpMemberDecorate %Node 1 Volatile
// expect: OpLoad %int
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference) coherent volatile buffer Node { int value; int other; };
layout(set = 0, binding = 0) buffer Roots { Node head; } roots;
void main() {
    roots.head.value = roots.head.other + 1;
}
