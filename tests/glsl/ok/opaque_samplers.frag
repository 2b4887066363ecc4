// Tests: combined sampler types of every dimension (1D, 2D, 3D, Cube, arrays, MS, shadow) with float results.
#version 450
layout(set = 0, binding = 0) uniform sampler1D s1;
layout(set = 0, binding = 1) uniform sampler2D s2;
layout(set = 0, binding = 2) uniform sampler3D s3;
layout(set = 0, binding = 3) uniform samplerCube sc;
layout(set = 0, binding = 4) uniform sampler2DArray s2a;
layout(set = 0, binding = 5) uniform samplerCubeArray sca;
layout(set = 0, binding = 6) uniform sampler2DMS s2ms;
layout(set = 0, binding = 7) uniform sampler2DShadow s2s;
layout(set = 0, binding = 10) uniform samplerCubeShadow scs;
layout(set = 0, binding = 11) uniform sampler2DArrayShadow s2as;
layout(set = 0, binding = 12) uniform sampler1DArray s1a;

layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = texture(s1, uv.x);
    c += texture(s2, uv.xy);
    c += texture(s3, uv.xyz);
    c += texture(sc, uv.xyz);
    c += texture(s2a, uv.xyz);
    c += texture(sca, uv);
    c += texelFetch(s2ms, ivec2(uv.xy), 0);
    c.x += texture(s2s, uv.xyz);
    c.y += texture(scs, uv);
    c.z += texture(s2as, uv);
    c += texture(s1a, uv.xy);
    color = c;
}
