// Tests: fixed arrays, arrays of arrays, array constructors, .length(), runtime-sized arrays and arrays of structs with runtime arrays.
#version 450
layout(local_size_x = 4) in;

struct Item { vec2 pos; uint tag; };

layout(std430, set = 0, binding = 0) buffer Items {
    uint count;
    Item items[];
};

layout(std430, set = 0, binding = 1) buffer Grid {
    float cells[4][3];
    int runtime[][2];
} grid;

const float weights[3] = float[3](0.25, 0.5, 0.25);
const int table[2][3] = int[2][3](int[3](1, 2, 3), int[](4, 5, 6));

void main() {
    uint id = gl_LocalInvocationIndex;
    float local[4][3];
    for (int i = 0; i < local.length(); ++i) {
        for (int j = 0; j < local[i].length(); ++j) {
            local[i][j] = weights[j] * float(table[i % 2][j]);
        }
    }
    float copy[3] = local[id % 4u];
    grid.cells[id] = copy;
    int n = grid.runtime.length();
    if (int(id) < n) {
        grid.runtime[id][0] = int(id);
        grid.runtime[id][1] = table.length() + table[0].length();
    }
    if (id < uint(items.length())) {
        items[id].pos *= 2.0;
        items[id].tag = id;
    }
    atomicAdd(count, 1u);
}
