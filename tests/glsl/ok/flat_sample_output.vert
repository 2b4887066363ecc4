// Tests: `flat centroid` and `flat sample` vertex outputs: the wgpu target drops Centroid and Sample there (naga refuses them with Flat; only the fragment input's decorations count, Vulkan 15.1.3); the Vulkan target keeps them.
#version 450
layout(location = 0) flat centroid out vec2 a;
layout(location = 1) flat sample out int b;
layout(location = 2) sample out vec2 c;
void main() {
    a = vec2(0.25, 0.5);
    b = gl_VertexIndex;
    c = vec2(1.0, 2.0);
    gl_Position = vec4(float(gl_VertexIndex) - 1.0, 0.5, 0.0, 1.0);
}
