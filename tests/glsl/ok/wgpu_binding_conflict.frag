// Tests: two resources declared at one binding: valid for Vulkan, an error for the wgpu target.
// wgpu-target-error: `tex` and `Params` both use set 0, binding 0
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 0) uniform Params { vec4 tint; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    color = texture(tex, uv) * tint;
}
