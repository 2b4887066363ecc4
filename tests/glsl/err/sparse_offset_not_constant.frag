// Error: a run-time offset in a sparse or clamped sample lookup: glslang takes it but writes `Offset` on OpImageSparseSample*/OpImageSample*, which Vulkan forbids (VUID-StandaloneSpirv-Offset-04663; spirv-val rejects glslang's module); only gathers and texel fetches take one
// glslang-disagrees: glslang accepts and writes a module spirv-val rejects (VUID-StandaloneSpirv-Offset-04663)
#version 450
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in ivec2 off;
layout(location = 0) out vec4 color;
void main() {
    vec4 t;
    int code = sparseTextureOffsetARB(tex, uv, off, t);
    code += sparseTextureOffsetClampARB(tex, uv, off, 0.5, t);
    color = t + textureGradOffsetClampARB(tex, uv, vec2(0.1), vec2(0.1), off, 1.0) + float(code);
}
