// Tests: GL_ARB_sparse_texture2: every sparse lookup (sample with and without bias, lod, offset, grad, texel fetch, gather with component and offsets, shadow forms, image load) on float, int and uint samplers of several dimensions; the texel stored to a variable, a swizzle, an array element and a struct member; sparseTexelsResidentARB on each code.
// wgpu-target-error: SparseResidency
#version 450
#extension GL_ARB_sparse_texture2 : require
layout(set = 0, binding = 0) uniform sampler2D tex2;
layout(set = 0, binding = 1) uniform isampler3D itex3;
layout(set = 0, binding = 2) uniform usamplerCube utexc;
layout(set = 0, binding = 3) uniform sampler2DArray tex2a;
layout(set = 0, binding = 4) uniform sampler2DShadow shadow2;
layout(set = 0, binding = 5) uniform samplerCubeArrayShadow shadowca;
layout(set = 0, binding = 6) uniform sampler2DMS texms;
layout(set = 0, binding = 7, rgba8) uniform readonly image2D img;
layout(set = 0, binding = 8, r32i) uniform readonly iimage2DArray iimga;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

struct Holder { vec4 texel; int other; };

void main() {
    int resident = 0;
    vec4 t = vec4(0.0);
    int code = sparseTextureARB(tex2, uv, t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureARB(tex2, uv, t, 0.25);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureLodARB(tex2, uv, 1.5, t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureOffsetARB(tex2, uv, ivec2(1, -1), t, 0.5);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureLodOffsetARB(tex2, uv, 2.0, ivec2(-2, 3), t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureGradARB(tex2, uv, vec2(0.01), vec2(0.02), t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureGradOffsetARB(tex2, uv, vec2(0.01), vec2(0.02), ivec2(1), t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTexelFetchARB(tex2, ivec2(uv * 16.0), 0, t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTexelFetchOffsetARB(tex2, ivec2(uv * 16.0), 1, ivec2(1, 0), t);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTexelFetchARB(texms, ivec2(uv * 16.0), 2, t);
    resident += int(sparseTexelsResidentARB(code));

    // Gathers: component, offset, offsets.
    vec4 g;
    code = sparseTextureGatherARB(tex2, uv, g);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureGatherARB(tex2, uv, g, 2);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureGatherOffsetARB(tex2a, vec3(uv, 1.0), ivec2(1, 1), g, 3);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureGatherOffsetsARB(tex2, uv, ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1)), g);
    resident += int(sparseTexelsResidentARB(code));

    // Integer and unsigned samplers, other dimensions.
    ivec4 it;
    code = sparseTextureARB(itex3, vec3(uv, 0.5), it);
    resident += int(sparseTexelsResidentARB(code));
    uvec4 ut[2];
    code = sparseTextureLodARB(utexc, vec3(uv, 1.0), 0.0, ut[1]);
    resident += int(sparseTexelsResidentARB(code));

    // Shadow lookups: the texel is a float; a cube-array compare comes before it, a gather
    // reference too.
    float s = 0.0;
    code = sparseTextureARB(shadow2, vec3(uv, 0.5), s);
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTextureARB(shadowca, vec4(uv, 1.0, 2.0), 0.5, s);
    resident += int(sparseTexelsResidentARB(code));
    vec4 sg;
    code = sparseTextureGatherARB(shadow2, uv, 0.5, sg);
    resident += int(sparseTexelsResidentARB(code));

    // Storage images.
    Holder h;
    code = sparseImageLoadARB(img, ivec2(uv * 8.0), h.texel);
    resident += int(sparseTexelsResidentARB(code));
    ivec4 il;
    code = sparseImageLoadARB(iimga, ivec3(uv * 8.0, 1), il);
    resident += int(sparseTexelsResidentARB(code));

    // The texel into a swizzle.
    vec4 sw = vec4(0.0);
    code = sparseTextureARB(tex2, uv, sw.wzyx);
    resident += int(sparseTexelsResidentARB(code));

    color = t + g + vec4(it) + vec4(ut[1]) + vec4(s) + sg + h.texel + vec4(il) + sw + float(resident);
}
