#version 300 es
// Error: GLSL ES before 3.10 for Vulkan SPIR-V (GL_KHR_vulkan_glsl)
precision mediump float;
layout(location = 0) out vec4 o;
void main() {
    o = vec4(1.0);
}
