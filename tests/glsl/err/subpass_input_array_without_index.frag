#version 450
// wgpu-target-error: subpass inputs are not available with the wgpu target
// GL_EXT_optional_input_attachment_index lets a single subpass input go without an index, not an array.
#extension GL_EXT_optional_input_attachment_index : enable
layout(set = 0, binding = 0) uniform subpassInput ia[2];
layout(location = 0) out vec4 o;

void main() {
    o = subpassLoad(ia[0]) + subpassLoad(ia[1]);
}
