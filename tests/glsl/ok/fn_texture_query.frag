// Tests: textureSize on non-arrayed dimensions, textureQueryLevels, textureSamples (MS).
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler3D vol;
layout(set = 0, binding = 3) uniform samplerCube cube;
layout(set = 0, binding = 4) uniform sampler2DMS ms;
layout(set = 0, binding = 5) uniform sampler1D line;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    ivec2 s2 = textureSize(tex, 0);
    ivec3 s3 = textureSize(vol, 1);
    ivec2 sc = textureSize(cube, 0) + textureSize(ms);
    int s1 = textureSize(line, 0);
    vec2 lod = vec2(0.0);
    int levels = textureQueryLevels(tex) + textureQueryLevels(vol) + textureQueryLevels(cube);
    int samples = textureSamples(ms);
    color = vec4(s2 + sc, s3.x + s1, levels + samples) + vec4(lod, 0.0, 0.0);
}
