// An attribute argument is a constant expression
#version 450
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int r[4]; };
void main() {
    [[min_iterations(r[0])]] for (int i = 0; i < 4; ++i) r[i] = i;
}
