// Tests: shadow lookups with an explicit level or gradients: textureLod, textureLodOffset, textureGrad, textureGradOffset on sampler2DShadow.
// wgpu-target-error: a depth comparison at a chosen level of detail
#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow s2;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    float d = textureLod(s2, uv, 0.0);
    d += textureLodOffset(s2, uv, 0.0, ivec2(1));
    d += textureGrad(s2, uv, vec2(0.1), vec2(0.1));
    d += textureGradOffset(s2, uv, vec2(0.1), vec2(0.1), ivec2(2, 1));
    color = vec4(d);
}
