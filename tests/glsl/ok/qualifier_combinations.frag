// Tests: qualifiers that may be combined (GLSL 4.60 §4.7): `in out` and `const in` parameters, several memory qualifiers, `layout` twice, one of each kind of qualifier on one input.
#version 450
layout(location = 0) flat in int a;
layout(location = 3) centroid noperspective in float c;
layout(location = 1) invariant out vec4 o;
layout(location = 2) smooth sample in highp vec4 b;
layout(set = 0, binding = 0) layout(std430) readonly restrict coherent buffer B { float x; };
void f(in out float p, const in float q) { p += q; }
void main() {
    precise float t = x;
    f(t, float(a));
    o = vec4(t + c) + b;
}
