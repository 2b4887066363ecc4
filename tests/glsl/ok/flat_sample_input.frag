// Tests: a `flat sample` fragment input: naga refuses Flat with Sample, and dropping `sample` would stop per-sample shading, so for the wgpu target it is a located error; the Vulkan target compiles it as glslang does.
// wgpu-target-error: a flat fragment input with per-sample interpolation
#version 450
layout(location = 0) flat sample in vec2 a;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(a, 0.0, 1.0);
}
