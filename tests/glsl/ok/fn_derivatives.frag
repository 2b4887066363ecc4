// Tests: chapter 8.14 derivatives: dFdx, dFdy, fwidth and their Fine/Coarse variants on scalars and vectors.
#version 450
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;

void main() {
    vec3 a = dFdx(p) + dFdy(p) + fwidth(p);
    vec3 b = dFdxFine(p) + dFdyFine(p) + fwidthFine(p);
    vec3 c = dFdxCoarse(p) + dFdyCoarse(p) + fwidthCoarse(p);
    color = vec4(a + b + c, dFdx(p.x) + fwidth(p.y));
}
