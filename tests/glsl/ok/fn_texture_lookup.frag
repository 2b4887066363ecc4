// Tests: chapter 8.9 texture lookups: texture with bias, textureLod, textureOffset, textureProj(Offset) with vec3 coordinates, textureGrad(Offset), textureLodOffset, texelFetch(Offset).
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler3D vol;
layout(set = 0, binding = 2) uniform sampler2DArray arr;
layout(set = 0, binding = 3) uniform samplerCube cube;
layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = texture(tex, uv.xy, 0.5);
    c += textureLod(tex, uv.xy, 1.0);
    c += textureOffset(tex, uv.xy, ivec2(1, 2));
    c += textureProj(tex, uv.xyz);
    c += textureProjOffset(tex, uv.xyz, ivec2(2, 0));
    c += textureGrad(tex, uv.xy, vec2(0.01), vec2(0.02));
    c += textureGradOffset(tex, uv.xy, vec2(0.01), vec2(0.02), ivec2(1));
    c += textureLodOffset(tex, uv.xy, 2.0, ivec2(2));
    c += texelFetch(tex, ivec2(uv.xy * 16.0), 0);
    c += texelFetchOffset(tex, ivec2(3), 0, ivec2(1));
    c += texture(vol, uv.xyz) + textureLod(vol, uv.xyz, 0.0) + texelFetch(vol, ivec3(1), 0);
    c += texture(arr, uv.xyz) + textureLod(arr, uv.xyz, 1.0) + textureOffset(arr, uv.xyz, ivec2(1)) + texelFetch(arr, ivec3(0), 0);
    c += texture(cube, uv.xyz) + textureLod(cube, uv.xyz, 2.0) + textureGrad(cube, uv.xyz, vec3(0.1), vec3(0.1));
    color = c;
}
