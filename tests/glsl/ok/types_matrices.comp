// Tests: square, non-square and double matrices: constructors, column access, arithmetic, compMult, transpose.
#version 450
layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) buffer Out {
    mat2 m2;
    mat3 m3;
    mat4 m4;
    mat2x3 m23;
    mat3x2 m32;
    mat2x4 m24;
    mat4x2 m42;
    mat3x4 m34;
    mat4x3 m43;
    dmat2 dm2;
    dmat3 dm3;
    dmat4 dm4;
    dmat2x3 dm23;
    dmat4x3 dm43;
    vec4 v;
} o;

void main() {
    mat2 a = mat2(1.0);
    mat2 b = mat2(1.0, 2.0, 3.0, 4.0);
    mat3 c = mat3(vec3(1.0), vec3(2.0), vec3(3.0));
    mat4 d = mat4(c);
    mat3 e = mat3(d);
    mat2x3 f = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    mat3x2 g = transpose(f);
    mat2x4 h = mat2x4(vec4(1.0), vec4(2.0));
    mat4x2 k = transpose(h);
    mat3x4 l = mat3x4(2.0);
    mat4x3 m = transpose(l);
    vec3 col = f[1];
    float x = f[0][2] + b[1].y;
    o.m2 = a * b + b / 2.0 - matrixCompMult(a, b);
    o.m3 = c * e + mat3(f * g);
    o.m4 = d * d;
    o.m23 = f * 2.0;
    o.m32 = g;
    o.m24 = h;
    o.m42 = k;
    o.m34 = l;
    o.m43 = m;
    dmat2 da = dmat2(b);
    dmat3 db = dmat3(1.0lf);
    o.dm2 = da * da;
    o.dm3 = db + dmat3(c);
    o.dm4 = dmat4(d) * 0.5lf;
    o.dm23 = dmat2x3(f);
    o.dm43 = dmat4x3(m);
    o.v = vec4(col, x) * d + vec4(b * vec2(1.0), (vec2(1.0) * b));
}
