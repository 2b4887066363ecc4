#version 450
// glslang's input attachment indices end at 255 (layoutAttachmentEnd).
// wgpu-target-error: subpass inputs are not available with the wgpu target
layout(input_attachment_index = 255, binding = 0) uniform subpassInput s;
layout(location = 0) out vec4 o;
void main() {
    o = subpassLoad(s);
}
