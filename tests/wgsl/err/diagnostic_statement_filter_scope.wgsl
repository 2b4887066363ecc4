// naga-disagrees: naga 30 does not implement `@diagnostic` on statements; the errors are the uniformity ones WGSL §2.3 leaves in force
// A statement filter covers only its statement: the second sampling is still an error, and an
// inner `@diagnostic(error, ...)` turns the check back on inside an outer `off`.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read> flags: array<u32, 4>;

@fragment
fn main(@builtin(position) p: vec4f) -> @location(0) vec4f {
    var c = vec4f(0.0);
    @diagnostic(off, derivative_uniformity)
    if flags[u32(p.x) % 4u] > 0u {
        c = textureSample(t, s, p.xy);
        @diagnostic(error, derivative_uniformity) {
            c += dpdx(p);
        }
    }
    if flags[u32(p.y) % 4u] > 0u {
        c += textureSample(t, s, p.yx);
    }
    return c;
}
