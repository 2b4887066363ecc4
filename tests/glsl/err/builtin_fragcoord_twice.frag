#version 450
// A later redeclaration repeats origin_upper_left (Vulkan's origin) and the first's pixel_center_integer.
layout(pixel_center_integer) in vec4 gl_FragCoord;
layout(origin_upper_left) in vec4 gl_FragCoord;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}
