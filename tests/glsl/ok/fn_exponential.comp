// Tests: chapter 8.2 exponential functions: pow, exp, log, exp2, log2, sqrt, inversesqrt (float and double where allowed).
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec3 r[3]; dvec2 d; };

void main() {
    vec3 x = abs(r[0]) + 1.0;
    r[0] = pow(x, vec3(2.0)) + exp(x) + log(x);
    r[1] = exp2(x) + log2(x) + sqrt(x) + inversesqrt(x);
    r[2] = vec3(pow(x.x, 0.5), sqrt(x.y), exp(x.z));
    d = sqrt(d) + inversesqrt(d + 1.0lf);
}
