#version 450
layout(set = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform Params { float scale; };
layout(location = 0) out vec4 color;

void main() {
    color = texture(tex, vec2(0.5)) * scael;
}
