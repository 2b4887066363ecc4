// Tests: integer combined and separate samplers (isampler2D, usampler3D, itexture2D + sampler) sampled with texture() and texelFetch.
// wgpu-target-error: sampling an integer texture
#version 450
layout(set = 0, binding = 0) uniform isampler2D is2;
layout(set = 0, binding = 1) uniform usampler3D us3;
layout(set = 0, binding = 2) uniform itexture2D itex;
layout(set = 0, binding = 3) uniform sampler samp;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    ivec4 i = texture(is2, uv.xy) + texture(isampler2D(itex, samp), uv.xy) + texelFetch(is2, ivec2(0), 0);
    uvec4 u = texture(us3, uv) + texelFetch(us3, ivec3(1), 0);
    color = vec4(i) + vec4(u);
}
