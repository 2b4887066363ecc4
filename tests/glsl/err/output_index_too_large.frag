#version 450
// Dual-source blending's `index` is 0 or 1 (GLSL 4.60 §4.4.2).
layout(location = 0, index = 2) out vec4 o;
void main() {
    o = vec4(1.0);
}
