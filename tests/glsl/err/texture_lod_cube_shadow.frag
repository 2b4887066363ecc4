#version 450
layout(set = 0, binding = 0) uniform samplerCubeShadow shadows;
layout(location = 0) in vec4 coord;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(textureLod(shadows, coord, 1.0));
}
