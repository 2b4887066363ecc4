// Tests: chapter 8.3 common functions incl. frexp, modf, fma, floatBitsToInt/Uint, intBitsToFloat, isnan/isinf, mix with bool, step/smoothstep.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec4 f[6]; ivec4 i[3]; uvec4 u; dvec2 d; };

void main() {
    vec4 x = f[0];
    f[0] = abs(x) + sign(x) + floor(x) + trunc(x) + round(x) + roundEven(x) + ceil(x) + fract(x);
    f[1] = mod(x, 2.0) + mod(x, vec4(3.0)) + min(x, 1.0) + max(x, vec4(0.0)) + clamp(x, 0.0, 1.0);
    f[2] = mix(x, vec4(1.0), 0.5) + mix(x, vec4(2.0), bvec4(true, false, true, false)) + step(0.5, x) + smoothstep(0.0, 1.0, x);
    vec4 whole;
    f[3] = modf(x, whole) + whole;
    ivec4 e;
    f[4] = frexp(x, e) + ldexp(x, ivec4(2));
    f[5] = fma(x, x, x) + vec4(isnan(x)) + vec4(isinf(x)) + intBitsToFloat(ivec4(1)) + uintBitsToFloat(uvec4(2u));
    i[0] = e + abs(ivec4(-1)) + sign(ivec4(-3)) + min(ivec4(1), 2) + max(ivec4(1), ivec4(2)) + clamp(ivec4(5), 0, 3);
    i[1] = floatBitsToInt(x);
    i[2] = mix(ivec4(1), ivec4(2), bvec4(true));
    u = floatBitsToUint(x) + min(uvec4(1u), 2u) + clamp(uvec4(9u), 1u, 5u);
    d = abs(d) + floor(d) + fract(d) + mod(d, 2.0lf) + clamp(d, 0.0lf, 1.0lf) + fma(d, d, d);
}
