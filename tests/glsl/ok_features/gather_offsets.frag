// textureGatherOffsets with a constant array of offsets (SPIR-V ConstOffsets)
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
const ivec2 offs[4] = ivec2[](ivec2(-1, 0), ivec2(1, 0), ivec2(0, -1), ivec2(0, 1));
// expect: ConstOffsets
// expect: OpCapability ImageGatherExtended
void main() {
    color = textureGatherOffsets(tex, uv, offs, 2);
}
