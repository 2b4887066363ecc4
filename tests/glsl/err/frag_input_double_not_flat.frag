#version 450
// GLSL 4.60 §4.5: double fragment inputs (scalars, vectors, matrices) must be `flat`.
layout(location = 0) in double a;
layout(location = 1) in dvec2 b;
layout(location = 3) sample in dmat2 c;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(a + b.x + c[0][0]);
}
