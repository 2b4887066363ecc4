// Tests: the GL_ARB_sparse_texture2 / _clamp repro (shared/repros/glsl/sparse.frag): sparseTextureARB, sparseTextureClampARB and sparseTexelsResidentARB in one fragment shader.
// wgpu-target-error: SparseResidency
#version 450
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
layout(binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    vec4 texel = vec4(0.0);
    int code = sparseTextureARB(tex, uv, texel);
    if (!sparseTexelsResidentARB(code)) { texel = vec4(1.0, 0.0, 0.0, 1.0); }
    int code2 = sparseTextureClampARB(tex, uv, 0.5, texel);
    color = texel + float(sparseTexelsResidentARB(code2));
}
