// Error: a qualifier given twice, and two storage, interpolation, auxiliary or precision qualifiers (GLSL 4.60 §4.7)
#version 450
layout(location = 0) flat flat in int a;
layout(location = 1) invariant invariant out vec4 o;
layout(location = 2) flat smooth in vec4 b;
layout(location = 3) centroid sample in vec4 c;
layout(set = 0, binding = 0) readonly readonly buffer B { float x; };
layout(set = 0, binding = 1) buffer C { coherent coherent float y; };
const const float k = 1.0;
uniform buffer D { float z; };
highp mediump float g;
void f(const const float p) {}
void main() {
    precise precise float t = 1.0;
    o = vec4(t);
}
