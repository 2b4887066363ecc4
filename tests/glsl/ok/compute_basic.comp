// Tests: a first whole program: buffers, a uniform block, control flow, overloads and in/inout/out parameters.
#version 450
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) buffer Data {
    uint count;
    float values[];
} data;

layout(std140, set = 0, binding = 1) uniform Params {
    float scale;
    int iterations;
    vec4 bias;
    mat3 rot;
} params;

void accumulate(in float x, inout float acc, out int steps) {
    steps = 0;
    for (int i = 0; i < params.iterations; ++i) {
        acc += x * float(i);
        steps++;
        if (acc > 1000.0) break;
    }
}

float twice(float x) { return 2.0 * x; }
int twice(int x) { return 2 * x; }

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= uint(data.values.length())) {
        return;
    }
    float acc = data.values[id];
    int steps;
    accumulate(params.scale, acc, steps);
    int k = 0;
    while (k < 4) {
        k += twice(1);
    }
    do {
        k--;
    } while (k > 0);
    vec3 v = params.rot * params.bias.xyz;
    v.xz *= 2.0;
    acc += v.x + v.y + twice(v.z) + float(steps) + float(k);
    data.values[id] = acc > 0.0 ? acc : -acc;
    atomicAdd(data.count, 1u);
}
