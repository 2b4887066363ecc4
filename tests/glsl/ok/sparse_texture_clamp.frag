// Tests: GL_ARB_sparse_texture_clamp: the lodClamp (SPIR-V MinLod) forms, sparse and not: textureClampARB with and without bias, with offset, with gradients and offset, on float, int and shadow samplers, a constant and a run-time clamp; sparse*ClampARB storing the texel.
// wgpu-target-error: MinLod
#version 450
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
layout(set = 0, binding = 0) uniform sampler2D tex2;
layout(set = 0, binding = 1) uniform isampler2DArray itex2a;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow2;
layout(set = 0, binding = 3) uniform samplerCube texc;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in float lodMin;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = textureClampARB(tex2, uv, 1.0);
    c += textureClampARB(tex2, uv, lodMin, 0.5);
    c += textureOffsetClampARB(tex2, uv, ivec2(1, 2), lodMin);
    c += textureOffsetClampARB(tex2, uv, ivec2(-1, 0), 2.0, -0.5);
    c += textureGradClampARB(texc, vec3(uv, 1.0), vec3(0.01), vec3(0.02), lodMin);
    c += textureGradOffsetClampARB(tex2, uv, vec2(0.01), vec2(0.02), ivec2(3), lodMin);
    c += vec4(textureClampARB(itex2a, vec3(uv, 2.0), 1.0));
    c.x += textureClampARB(shadow2, vec3(uv, 0.5), lodMin);

    int resident = 0;
    vec4 t;
    int code = sparseTextureClampARB(tex2, uv, lodMin, t);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    code = sparseTextureClampARB(tex2, uv, 1.5, t, 0.25);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    code = sparseTextureOffsetClampARB(tex2, uv, ivec2(1), lodMin, t);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    code = sparseTextureOffsetClampARB(tex2, uv, ivec2(0, 1), lodMin, t, 1.0);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    code = sparseTextureGradClampARB(texc, vec3(uv, 1.0), vec3(0.01), vec3(0.02), lodMin, t);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    code = sparseTextureGradOffsetClampARB(tex2, uv, vec2(0.01), vec2(0.02), ivec2(-1), lodMin, t);
    resident += int(sparseTexelsResidentARB(code));
    c += t;
    float s;
    code = sparseTextureClampARB(shadow2, vec3(uv, 0.5), lodMin, s);
    resident += int(sparseTexelsResidentARB(code));
    ivec4 it;
    code = sparseTextureClampARB(itex2a, vec3(uv, 1.0), lodMin, it);
    resident += int(sparseTexelsResidentARB(code));
    color = c + vec4(s) + vec4(it) + float(resident);
}
