// Tests: row_major / column_major matrices at block and member level, square matrices in std140 and std430 blocks, incl. arrays of matrices.
#version 450
layout(local_size_x = 1) in;

layout(std140, row_major, set = 0, binding = 0) uniform U {
    mat4 rm;
    layout(column_major) mat4 cm;
    mat3 arr[2];
} u;

layout(std430, set = 0, binding = 1) buffer B {
    layout(row_major) mat4 r;
    mat4 c;
    vec4 result;
} b;

void main() {
    b.r = u.rm * 2.0;
    b.c = transpose(b.r);
    b.result = u.rm * u.cm[0] + vec4(u.arr[1][2], 1.0);
}
