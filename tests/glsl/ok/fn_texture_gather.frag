// Tests: chapter 8.9.4 textureGather, textureGather with component, textureGatherOffset, textureGather on shadow samplers (depth-compare gather).
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DArray arr;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) uniform sampler2DShadow shadow;
layout(set = 0, binding = 4) uniform isampler2D itex;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = textureGather(tex, uv.xy);
    c += textureGather(tex, uv.xy, 1);
    c += textureGatherOffset(tex, uv.xy, ivec2(1, 0), 3);
    c += textureGather(arr, uv, 2);
    c += textureGather(cube, uv);
    c += textureGather(shadow, uv.xy, 0.5);
    c += textureGatherOffset(shadow, uv.xy, 0.5, ivec2(1, 2));
    c += vec4(textureGather(itex, uv.xy, 0));
    color = c;
}
