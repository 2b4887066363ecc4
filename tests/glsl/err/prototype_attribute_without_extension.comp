#version 450
// Attributes on a function prototype are checked as on a definition: they need
// GL_EXT_subgroup_uniform_control_flow (or GL_EXT_maximal_reconvergence).
layout(local_size_x = 1) in;
[[subgroup_uniform_control_flow]] void f();
void f() {
}
void main() {
    f();
}
