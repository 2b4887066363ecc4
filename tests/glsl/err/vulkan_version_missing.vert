// Error: no #version: GLSL 1.10, too old for Vulkan SPIR-V (GLSL 4.60 §3.3, GL_KHR_vulkan_glsl)
void main() {
}
