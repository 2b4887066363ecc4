#version 450
#extension GL_ARB_sparse_texture2 : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(sparseTexelsResidentARB(uv.x) ? 1.0 : 0.0);
}
