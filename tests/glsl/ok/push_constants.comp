// Tests: push constant block (layout(push_constant)) with an instance name, matrices and offsets, read from compute.
#version 450
layout(local_size_x = 32) in;
layout(push_constant) uniform Push {
    mat4 transform;
    vec4 tint;
    uint count;
    layout(offset = 96) float scale;
} pc;
layout(std430, set = 0, binding = 0) buffer Data { vec4 items[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    items[i] = pc.transform * items[i] * pc.scale + pc.tint;
}
