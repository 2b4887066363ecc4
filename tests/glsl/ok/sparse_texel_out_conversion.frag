// Tests: the `out` texel of a sparse lookup takes any variable its type converts to implicitly, as every `out` argument does (GLSL 4.60 §6.1.1): an iimage2D's and an isampler2D's texel into `vec4` and `uvec4`, a usampler2D's into `vec4`, an image2D's into `dvec4`
// wgpu-target-error: SparseResidency
#version 450
#extension GL_ARB_sparse_texture2 : require
layout(binding = 0, r32i) uniform readonly iimage2D iimg;
layout(binding = 1, rgba32f) uniform readonly image2D fimg;
layout(binding = 2) uniform isampler2D isamp;
layout(binding = 3) uniform usampler2D usamp;
layout(location = 0) out vec4 color;
void main() {
    vec4 a;
    int code = sparseImageLoadARB(iimg, ivec2(1, 2), a);
    uvec4 b;
    code += sparseTexelFetchARB(isamp, ivec2(0), 0, b);
    vec4 c;
    code += sparseTextureARB(usamp, vec2(0.5), c);
    dvec4 d;
    code += sparseImageLoadARB(fimg, ivec2(3), d);
    color = a + vec4(b) + c + vec4(d) + float(code);
}
