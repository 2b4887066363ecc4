// Tests: attributes on function prototypes, before the header and between it and `;`, checked as on a definition (GL_EXT_subgroup_uniform_control_flow); one that does not apply to a function is a warning, as glslang's.
// expect-warning: attribute `unroll` does not apply to a function
#version 450
#extension GL_EXT_subgroup_uniform_control_flow : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint x; };
[[subgroup_uniform_control_flow]] void f();
void g() [[subgroup_uniform_control_flow]];
[[unroll]] void h();
void f() { x += 1u; }
void g() { x += 2u; }
void h() { x += 3u; }
void main() {
    f();
    g();
    h();
}
