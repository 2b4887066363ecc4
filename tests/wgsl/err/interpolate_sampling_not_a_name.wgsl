// The sampling argument of @interpolate is a name, not an expression (WGSL §12.3.x interpolate; naga: "unknown attribute").
struct Out {
    @builtin(position) p: vec4f,
    @location(0) @interpolate(perspective, out.linear_center) c: vec4f,
}

@vertex fn vs() -> Out {
    var out: Out;
    out.p = vec4f(0.0);
    return out;
}
