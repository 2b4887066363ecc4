// Tests: GL_ARB_sparse_texture2 / _clamp lookups with run-time (non-constant) texel offsets where Vulkan allows them: sparse gathers (SPIR-V `Offset`, ImageGatherExtended) and sparse texel fetches (the offset added to the coordinate, as texelFetchOffset); a constant offset beside them stays `ConstOffset`. (glslang also takes run-time offsets in sparse sample lookups, its spv.sparsetextureoffset_non_const test, but writes `Offset` on OpImageSparseSample*, which spirv-val rejects: VUID-StandaloneSpirv-Offset-04663; tests/glsl/err/sparse_offset_not_constant.frag.)
// wgpu-target-error: SparseResidency
#version 450
#extension GL_ARB_sparse_texture2 : require
layout(set = 0, binding = 0) uniform sampler2D tex2;
layout(set = 0, binding = 1) uniform isampler2DArray itex2a;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow2;
layout(set = 0, binding = 3) uniform sampler2DMS texms;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in ivec2 offsetValue;
layout(location = 2) flat in int shift;
layout(location = 0) out vec4 color;

void main() {
    vec4 t = vec4(0.0);
    vec4 sum = vec4(0.0);
    int resident = 0;
    int code = sparseTexelFetchOffsetARB(tex2, ivec2(uv * 16.0), 0, offsetValue, t);
    sum += t;
    resident += int(sparseTexelsResidentARB(code));
    code = sparseTexelFetchOffsetARB(tex2, ivec2(uv * 16.0), 1, offsetValue + ivec2(shift), t);
    sum += t;
    code = sparseTextureGatherOffsetARB(tex2, uv, offsetValue, t);
    sum += t;
    code = sparseTextureGatherOffsetARB(tex2, uv, -offsetValue, t, 1);
    sum += t;
    resident += int(sparseTexelsResidentARB(code));
    ivec4 it;
    code = sparseTextureGatherOffsetARB(itex2a, vec3(uv, 1.0), ivec2(shift, 0), it, 3);
    sum += vec4(it);
    code = sparseTextureGatherOffsetARB(shadow2, uv, 0.5, offsetValue, t);
    sum += t;
    resident += int(sparseTexelsResidentARB(code));

    // Constant offsets: ConstOffset, as before.
    code = sparseTextureOffsetARB(tex2, uv, ivec2(1, -1), t);
    sum += t;
    code = sparseTextureGatherOffsetARB(tex2, uv, ivec2(2, 0), t);
    sum += t;
    color = sum + float(resident);
}
