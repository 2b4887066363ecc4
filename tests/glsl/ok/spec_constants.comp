// Tests: specialization constants: constant_id on bool/int/uint/float, spec-constant expressions, array sizes from them, local_size_x_id.
#version 450
layout(local_size_x_id = 0, local_size_y = 1, local_size_z_id = 2) in;
layout(constant_id = 0) const uint WIDTH = 64u;
layout(constant_id = 2) const uint DEPTH = 1u;
layout(constant_id = 3) const bool ENABLED = true;
layout(constant_id = 4) const uint COUNT = 4u;
layout(constant_id = 5) const float SCALE = 0.5;
const int DOUBLE_COUNT = int(COUNT) * 2;

layout(std430, set = 0, binding = 0) buffer Out { float values[]; };

shared float cache[DOUBLE_COUNT];

void main() {
    uint i = gl_LocalInvocationIndex;
    cache[i % uint(DOUBLE_COUNT)] = SCALE * float(WIDTH + DEPTH);
    barrier();
    if (ENABLED) {
        values[gl_GlobalInvocationID.x] = cache[0] + float(gl_WorkGroupSize.x);
    }
}
