// GL_KHR_vulkan_glsl subpass inputs name their attachment: input_attachment_index (single and arrayed)
#version 450
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput color;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform isubpassInput ids[2];
layout(location = 0) out vec4 o;
// expect: OpDecorate %color InputAttachmentIndex 0
// expect: OpDecorate %ids InputAttachmentIndex 1
void main() {
    o = subpassLoad(color) + vec4(subpassLoad(ids[0]) + subpassLoad(ids[1]));
}
