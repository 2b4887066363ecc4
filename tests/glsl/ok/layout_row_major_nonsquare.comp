// Tests: row_major non-square matrices (mat2x3, mat3x4) in std140 and std430 blocks: MatrixStride by rows, loads, stores and products.
#version 450
layout(local_size_x = 1) in;
layout(std140, row_major, set = 0, binding = 0) uniform U { mat2x3 a; mat3x4 b[2]; } u;
layout(std430, set = 0, binding = 1) buffer B { layout(row_major) mat3x4 r; mat4x3 c; vec4 result; } b;

void main() {
    b.r = u.b[1];
    b.c = transpose(b.r);
    b.result = vec4(u.a * vec2(1.0), 0.0) + u.b[0] * vec3(1.0);
}
