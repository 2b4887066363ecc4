#version 450
// Hand translation of tests/agsl/ok/uniforms_all_types.agsl: every AGSL uniform type as the
// std140 member glslang lays out (half = float, short = int, halfNxM = matNxM).
struct Light { vec3 position; float intensity; };
layout(std140, set = 0, binding = 0) uniform AgslUniforms {
    float f;
    vec2 f2;
    vec3 f3;
    vec4 f4;
    float h;
    vec2 h2;
    vec3 h3;
    vec4 h4;
    int i;
    ivec2 i2;
    ivec3 i3;
    ivec4 i4;
    int s;
    ivec4 s4;
    bool b;
    mat2 m2;
    mat3 m3;
    mat4 m4;
    mat3 hm3;
    vec4 tint;
    vec3 glow;
    float ramp[3];
    Light light;
    vec4 glslName;
};
layout(location = 0) out vec4 sk_FragColor;

vec4 agsl_main(vec2 fragCoord) {
    vec4 x = vec4(f, f2.x, f3.y, f4.z) + vec4(h, h2.y, h3.z, h4.w);
    ivec4 n = ivec4(i, i2.y, i3.z, i4.w) + ivec4(s, s4.xyz);
    vec3 y = m3 * (f3 + glow) + hm3 * light.position;
    vec4 z = m4 * f4 + vec4(m2 * f2, ramp[0] + ramp[1], ramp[2]);
    vec4 c = b ? tint : glslName;
    return (x + vec4(n) + vec4(y, light.intensity) + z) * c;
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}
