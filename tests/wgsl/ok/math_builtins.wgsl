// float math built-ins on scalars and vectors
@group(0) @binding(0) var<storage, read_write> out: array<vec3<f32>>;

@compute @workgroup_size(1)
fn main() {
    let v = out[0];
    var r = abs(v) + ceil(v) + floor(v) + fract(v) + round(v) + trunc(v) + sign(v);
    r += sin(v) + cos(v) + tan(v) + asin(v) + acos(v) + atan(v) + atan2(v, v);
    r += exp(v) + exp2(v) + log(v) + log2(v) + pow(v, v) + sqrt(v) + inverseSqrt(v);
    r += mix(v, v, 0.5) + step(v, v) + smoothstep(vec3(0.0), vec3(1.0), v) + fma(v, v, v);
    r += cross(v, v) + normalize(v) + reflect(v, v) + refract(v, v, 1.0) + faceForward(v, v, v);
    r += clamp(v, vec3(0.0), vec3(1.0)) + min(v, v) + max(v, v) + saturate(v) + degrees(v) + radians(v);
    r += vec3(length(v) + distance(v, v) + dot(v, v));
    r += ldexp(v, vec3(2));
    out[1] = r;
}
