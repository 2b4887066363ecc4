#version 450
#extension GL_ARB_sparse_texture2 : require
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    int code = sparseTextureARB(tex, uv, vec4(0.0));
    color = vec4(float(code));
}
