// Error: a Vulkan uniform outside a block (GL_KHR_vulkan_glsl: non-opaque uniforms must be in blocks)
#version 450
layout(location = 0) out vec4 color;
uniform float scale;
void main() {
    color = vec4(1.0);
}
