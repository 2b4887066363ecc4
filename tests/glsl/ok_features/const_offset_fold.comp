// texture offsets that fold (ivec2(-1), const arithmetic) and a spec-constant offset
#version 450
layout(local_size_x = 1) in;
layout(constant_id = 1) const int offs = 1;
const int k = 2;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; };
// expect: ConstOffset
// expect: OpSpecConstantComposite
void main() {
    v[0] = textureLodOffset(tex, vec2(0.5), 0.0, ivec2(-1));
    v[1] = textureLodOffset(tex, vec2(0.5), 0.0, ivec2(k - 1, -k));
    v[2] = textureLodOffset(tex, vec2(0.5), 0.0, ivec2(offs, offs));
}
