#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow shadow;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    color = textureGather(shadow, uv, 0.5);
}
