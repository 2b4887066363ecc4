// Tests: attributes that do not apply where written (unknown names, a loop attribute on an `if`, arguments an attribute does not take, a non-int count) are skipped with a located warning, as glslang skips them.
// expect-warning: attribute `foo` does not apply to a function; it is ignored
// expect-warning: attribute `unroll` does not apply to an `if`; it is ignored
// expect-warning: attribute `flatten` does not apply to a loop; it is ignored
// expect-warning: attribute `bar` does not apply to a `switch`; it is ignored
// expect-warning: attribute `unroll` takes no argument; it is ignored
// expect-warning: attribute `dependency_length` takes one `int` constant; it is ignored
// expect-warning: attribute `subgroup_uniform_control_flow` takes no argument; it is ignored
#version 450
#extension GL_EXT_control_flow_attributes : require
#extension GL_EXT_subgroup_uniform_control_flow : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int r[4]; };

[[foo]] void helper() { r[3] = 3; }

void main() [[subgroup_uniform_control_flow(1)]] {
    [[unroll]] if (r[0] == 0) r[0] = 1;
    [[flatten]] for (int i = 0; i < 2; ++i) r[1] += i;
    [[bar]] switch (r[2]) { default: r[2] = 2; break; }
    [[unroll(2)]] while (r[1] < 2) r[1]++;
    [[dependency_length(2u)]] do { r[0]++; } while (r[0] < 2);
    helper();
}
