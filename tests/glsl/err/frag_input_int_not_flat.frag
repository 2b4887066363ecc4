#version 450
// GLSL 4.60 §4.5: integer fragment inputs must be `flat`, also with another interpolation
// qualifier or only an auxiliary one, and as array elements.
layout(location = 0) in int a;
layout(location = 1) noperspective in uvec2 b;
layout(location = 2) smooth centroid in ivec3 c;
layout(location = 3) in uint d[2];
layout(location = 0) out vec4 color;
void main() {
    color = vec4(a, b, c.x) + vec4(d[0]);
}
