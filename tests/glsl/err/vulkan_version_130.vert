// Error: desktop GLSL before 1.40 for Vulkan SPIR-V (GL_KHR_vulkan_glsl)
#version 130
void main() {
}
