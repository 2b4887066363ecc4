// naga-disagrees: naga 30 does not implement `@diagnostic` on statements ("not yet implemented"); WGSL §2.3 allows it
// `@diagnostic` on an if statement, a compound statement, a loop body and a switch body turns
// the derivative uniformity check off for the code it covers (WGSL §2.3).
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read> flags: array<u32, 4>;

@fragment
fn main(@builtin(position) p: vec4f) -> @location(0) vec4f {
    var c = vec4f(0.0);
    @diagnostic(off, derivative_uniformity)
    if flags[u32(p.x) % 4u] > 0u {
        c = textureSample(t, s, p.xy);
    }
    if flags[u32(p.y) % 4u] > 1u @diagnostic(off, derivative_uniformity) {
        c += dpdx(p);
    }
    for (var i = 0u; i < flags[0]; i++) @diagnostic(info, derivative_uniformity) {
        c += textureSample(t, s, p.yx);
    }
    switch flags[u32(p.x) % 4u] @diagnostic(off, derivative_uniformity) {
        case 1u: { c += fwidth(p); }
        default: {}
    }
    return c;
}
