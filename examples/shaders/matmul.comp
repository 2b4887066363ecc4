#version 450
// C = A * B for row-major M x K and K x N matrices, in 16 x 16 tiles: each workgroup loads one
// tile of A and one of B into shared memory per step, so every element is read from the
// buffer once per tile instead of once per multiply.

layout(local_size_x = 16, local_size_y = 16) in;

layout(std430, set = 0, binding = 0) readonly buffer MatA { float data[]; } a;
layout(std430, set = 0, binding = 1) readonly buffer MatB { float data[]; } b;
layout(std430, set = 0, binding = 2) writeonly buffer MatC { float data[]; } c;
layout(std140, set = 0, binding = 3) uniform Dims { uint m; uint n; uint k; } dims;

shared float tile_a[16][16];
shared float tile_b[16][16];

void main() {
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uint lr = gl_LocalInvocationID.y;
    uint lc = gl_LocalInvocationID.x;
    float acc = 0.0;
    uint tiles = (dims.k + 15u) / 16u;
    for (uint t = 0u; t < tiles; ++t) {
        uint ac = t * 16u + lc;
        uint br = t * 16u + lr;
        tile_a[lr][lc] = (row < dims.m && ac < dims.k) ? a.data[row * dims.k + ac] : 0.0;
        tile_b[lr][lc] = (br < dims.k && col < dims.n) ? b.data[br * dims.n + col] : 0.0;
        barrier();
        for (uint i = 0u; i < 16u; ++i) {
            acc += tile_a[lr][i] * tile_b[i][lc];
        }
        barrier();
    }
    if (row < dims.m && col < dims.n) {
        c.data[row * dims.n + col] = acc;
    }
}
