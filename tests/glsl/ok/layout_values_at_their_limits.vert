// Tests: layout values at glslang's limits are accepted: `constant_id` 2046, `component` 3, `xfb_buffer` 3 with an `xfb_stride` multiple of 4 on an output (transform feedback layouts are checked, not emitted).
// wgpu-target-error: location components
#version 450
layout(constant_id = 2046) const float scale = 2.0;
layout(location = 0) in vec4 p;
layout(location = 0, component = 3) out float w;
layout(location = 1, xfb_buffer = 3, xfb_offset = 0, xfb_stride = 16) out vec4 q;
void main() {
    gl_Position = p * scale;
    w = p.w;
    q = p;
}
