// Tests: chapter 8.6 matrix functions: matrixCompMult, outerProduct (square), transpose, determinant, inverse (float and double).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { mat2 m2; mat3 m3; mat4 m4; mat2x3 m23; mat4x3 m43; float det; dmat3 dm; };

void main() {
    m2 = inverse(m2) + matrixCompMult(m2, m2) + outerProduct(vec2(1.0), vec2(2.0));
    m3 = inverse(m3) * transpose(m3);
    m4 = inverse(m4) + outerProduct(vec4(1.0), vec4(0.5));
    m23 = matrixCompMult(m23, m23) * 2.0;
    m43 = transpose(mat3x4(m4));
    det = determinant(m2) + determinant(m3) + determinant(m4);
    dm = inverse(dm) + transpose(dm) * determinant(dm);
}
