#version 450
// Hand translation of tests/agsl/ok/ref_swizzle_components.agsl: LTRB is xyzw, and the 0/1
// components become constructor arguments (vect.rgb1 == vec4(vect.rgb, 1)).
layout(std140, set = 0, binding = 0) uniform AgslUniforms {
    vec4 vect;
    vec4 rect;
};
layout(location = 0) out vec4 sk_FragColor;

vec4 agsl_main(vec2 fragCoord) {
    vec4 a = vec4(vect.rgb, 1);
    bool same = all(equal(vec4(vect.rgb, 1), vec4(vect.rgb, 1)));
    vec2 yx = vect.yx;
    vec2 yy = vect.yy;
    float width = rect.z - rect.x;
    float height = rect.w - rect.y;
    vec4 r = rect.xyzw;
    r.xy = fragCoord;
    r.zw += vec2(1.0);
    vec4 z = vec4(vect.x, 0, vect.y, 1);
    vec3 o = vec3(vect.b, 0, vect.a);
    ivec3 iv = ivec3(ivec3(1, 2, 3).z, 1, 0);
    bvec4 bv = bvec4(bvec2(true, false).x, false, true, bvec2(true, false).y);
    float s = vec2(width, 0).y + vec3(height, height, 1).z;
    if (same && bv.y) {
        return a + z + vec4(yx, yy) + r * s + vec4(o, float(iv.x));
    }
    return vec4(o.rrr, 1);
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}
