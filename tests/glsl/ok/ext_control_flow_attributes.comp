// Tests: GL_EXT_control_flow_attributes: [[unroll]], [[dont_unroll]], [[loop]], [[flatten]], [[branch]] on loops, ifs and switches.
#version 450
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int r[8]; };

void main() {
    [[unroll]] for (int i = 0; i < 4; ++i) r[i] = i;
    [[dont_unroll]] for (int i = 4; i < 8; ++i) r[i] = i * 2;
    [[loop]] while (r[0] < 3) r[0]++;
    [[flatten]] if (r[1] > 0) r[1] = 0; else r[1] = 1;
    [[branch]] switch (r[2]) { case 2: r[2] = 20; break; default: break; }
    [[dependency_infinite]] for (int i = 0; i < 2; ++i) r[i] += 1;
}
