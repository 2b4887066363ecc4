#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    vec4 texel;
    int code = sparseTextureARB(tex, uv, texel);
    color = texel + float(code);
}
