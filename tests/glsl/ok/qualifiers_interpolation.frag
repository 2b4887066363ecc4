// Tests: interpolation and auxiliary qualifiers on fragment inputs: smooth, flat, noperspective, centroid, sample.
#version 450
layout(location = 0) smooth in vec4 a;
layout(location = 1) flat in ivec2 b;
layout(location = 2) noperspective in vec2 c;
layout(location = 3) centroid in float d;
layout(location = 4) sample in vec3 e;
layout(location = 5) flat in uint f;
layout(location = 6) centroid noperspective in vec2 g;
layout(location = 0) out vec4 color;

void main() {
    color = a + vec4(vec2(b), c) + vec4(d) + vec4(e, float(f)) + vec4(g, 0.0, 0.0);
}
