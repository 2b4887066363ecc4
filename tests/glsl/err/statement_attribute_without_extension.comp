// Statement attributes need GL_EXT_control_flow_attributes
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int r[4]; };
void main() {
    [[unroll]] for (int i = 0; i < 4; ++i) r[i] = i;
}
