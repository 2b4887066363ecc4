#version 450
// wgpu-target-error: subpass inputs are not available with the wgpu target
layout(set = 0, binding = 0) uniform subpassInput ia;
layout(location = 0) out vec4 o;

void main() {
    o = subpassLoad(ia);
}
