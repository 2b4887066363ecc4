// Error: textureGatherOffsets takes constant offsets even where textureGatherOffset takes run-time ones (GLSL 4.60 §8.9.4)
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) flat in ivec2 off;
layout(location = 0) out vec4 color;
void main() {
    color = textureGatherOffsets(tex, vec2(0.5), ivec2[4](off, ivec2(0), ivec2(1), ivec2(2)));
}
