// Tests: textureGatherOffset with a run-time offset (GLSL 4.60 §8.9.4: a gather's offset need not be constant; SPIR-V `Offset` with ImageGatherExtended, as glslang writes it), with and without a component, on float, int and shadow samplers; a constant one beside it stays `ConstOffset`.
// wgpu-target-error: texture gathers with non-constant or per-texel offsets
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex2;
layout(set = 0, binding = 1) uniform isampler2DArray itex2a;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow2;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in ivec2 offsetValue;
layout(location = 0) out vec4 color;

void main() {
    vec4 g = textureGatherOffset(tex2, uv, offsetValue);
    g += textureGatherOffset(tex2, uv, offsetValue * 2, 3);
    g += vec4(textureGatherOffset(itex2a, vec3(uv, 1.0), -offsetValue, 1));
    g += textureGatherOffset(shadow2, uv, 0.5, offsetValue);
    g += textureGatherOffset(tex2, uv, ivec2(1, 0), 2);
    color = g;
}
