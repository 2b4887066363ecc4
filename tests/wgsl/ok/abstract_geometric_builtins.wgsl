// Geometric built-ins of AbstractFloat constants are evaluated as AbstractFloat and
// concretized where used (their AbstractFloat overload has conversion rank 0, WGSL §15.7):
// `cross(vec3(0., 1., 1e40), vec3(0., 0., 2.))` is vec3(2., 0., 0.), which fits in f32
// although 1e40 does not (SHADER_MUTANTS_SEED=10); `dot` and `normalize` likewise (Tint and
// naga accept all three).
@group(0) @binding(0) var<storage, read_write> out: array<f32, 5>;

@compute @workgroup_size(1)
fn main() {
    let c = cross(vec3(0., 1., 1e40), vec3(0., 0, 2.));
    out[0] = c.x;
    out[1] = dot(vec3(1e40, 0., 0.), vec3(0., 1., 0.));
    let n = normalize(vec2(1e40, 0.));
    out[2] = n.x;
    out[3] = length(vec2(3., 4.));
    out[4] = c.y + c.z + n.y;
}
