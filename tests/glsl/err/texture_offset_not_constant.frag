// Error: a texture offset that is not a constant expression
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) flat in ivec2 off;
layout(location = 0) out vec4 color;
void main() {
    color = textureOffset(tex, vec2(0.5), off);
}
