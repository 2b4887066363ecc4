// Tests: buffer reference values in composites: dynamic indexing of array and struct values holding references (spilled to AliasedPointer variables), arrays of references as `in` parameters (passed as a pointer to a caller copy), structs holding references as parameters, references returned from functions.
// wgpu-target-error: buffer references (GL_EXT_buffer_reference)
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node { int value; };
struct S { Node n[2]; };
layout(set = 0, binding = 0) buffer Roots { Node a; Node b; int i; int total; } roots;
S make() { S s; s.n[0] = roots.a; s.n[1] = roots.b; return s; }
int sum(Node list[2]) { return list[0].value + list[1].value; }
Node pick(S s, int k) { return s.n[k]; }
void main() {
    Node x = Node[2](roots.a, roots.b)[roots.i];
    Node y = make().n[roots.i];
    Node list[2] = Node[2](x, y);
    roots.total = x.value + y.value + sum(list) + pick(make(), 1).value;
}
