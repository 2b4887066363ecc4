// Tests: `flat centroid` and `flat sample` fragment inputs (and centroid on an integer input, flat by rule): naga refuses Flat with Centroid, so the wgpu target drops Centroid there (a flat value is the provoking vertex's wherever it is read); the Vulkan target keeps it as glslang writes it.
#version 450
layout(location = 0) flat centroid in vec2 a;
layout(location = 1) flat centroid in int b;
layout(location = 2) centroid in vec2 c;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(a, c.x + float(b), c.y);
}
