// Each attribute takes the arguments WGSL §12 gives it: no more, no fewer (naga: a syntax error).
@group(0) @binding(0, 1) var<uniform> u: vec4f;

struct Out {
    @builtin(position) p: vec4f,
    @location(0) @interpolate(perspective, center, sample) c: vec4f,
}

@must_use(1) fn g() -> i32 { return 1; }

@vertex fn vs() -> Out {
    var out: Out;
    out.p = u;
    return out;
}

@compute @workgroup_size(1, 1, 1, 1) fn main() {
    _ = g();
}
