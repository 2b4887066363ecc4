// Tests: shadow lookups with a LOD bias: texture(sampler2DShadow, coord, bias) and textureOffset with bias.
// wgpu-target-error: a depth comparison at a chosen level of detail
#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow s2;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(texture(s2, uv, 0.5) + textureOffset(s2, uv, ivec2(1), 0.25));
}
