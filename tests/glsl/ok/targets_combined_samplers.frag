// Tests: combined image samplers per target: kept for --target vulkan, split into texture + sampler (binding + 100) for wgpu; incl. an array, a shadow sampler and a function parameter.
#version 450
layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 1) uniform sampler2DShadow shadowMap;
layout(set = 1, binding = 3) uniform samplerCube sky[2];
layout(set = 1, binding = 0) uniform texture2D plain;
layout(set = 1, binding = 1) uniform sampler plainSampler;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

vec4 sample2(sampler2D s, vec2 p) { return texture(s, p); }

void main() {
    color = sample2(albedo, uv.xy) * texture(shadowMap, uv) + texture(sky[1], uv)
          + texture(sampler2D(plain, plainSampler), uv.xy);
}
