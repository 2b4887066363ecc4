// Tests: GL_EXT_samplerless_texture_functions: texelFetch, textureSize, textureQueryLevels and textureSamples on texture* without a sampler.
#version 450
#extension GL_EXT_samplerless_texture_functions : require
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform texture2DMS ms;
layout(set = 0, binding = 2) uniform utexture3D vol;
layout(location = 0) out vec4 color;

void main() {
    ivec2 size = textureSize(tex, 0);
    vec4 c = texelFetch(tex, size / 2, 0);
    c += texelFetch(ms, ivec2(0), 1) * float(textureSamples(ms));
    c += vec4(texelFetch(vol, ivec3(1), 0));
    c.w += float(textureQueryLevels(tex));
    color = c;
}
