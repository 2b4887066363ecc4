// Error: user inputs and outputs without a location (SPIR-V for Vulkan has no automatic locations, GL_KHR_vulkan_glsl), and a block where only some members have one
#version 450
in vec4 position;
out float x, y;
out Varyings { vec4 color; } v;
out Partial { layout(location = 4) vec4 a; vec4 b; } p;
void main() {
    gl_Position = position;
}
