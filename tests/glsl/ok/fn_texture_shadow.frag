// Tests: shadow lookups: texture, textureOffset, textureProj on sampler2DShadow, cube and array shadow samplers.
#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow s2;
layout(set = 0, binding = 1) uniform samplerCubeShadow sc;
layout(set = 0, binding = 2) uniform sampler2DArrayShadow sa;
layout(set = 0, binding = 3) uniform sampler1DShadow s1;
layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;

void main() {
    float d = texture(s2, uv.xyz);
    d += textureOffset(s2, uv.xyz, ivec2(1));
    d += textureProj(s2, uv);
    d += texture(sc, uv);
    d += texture(sa, uv);
    d += texture(s1, uv.xyz);
    ivec2 size = textureSize(s2, 0);
    color = vec4(d, vec2(size), 1.0);
}
