// Tests: the oldest versions Vulkan GLSL allows: desktop 1.40 (GL_KHR_vulkan_glsl).
#version 140
void main() {
    gl_Position = vec4(0.0);
}
