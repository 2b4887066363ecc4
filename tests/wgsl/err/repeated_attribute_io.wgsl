// WGSL §12: an attribute may not be given twice to one stage-interface member.
struct VOut {
    @builtin(position) @invariant @invariant p: vec4<f32>,
    @location(0) @interpolate(flat) @interpolate(flat) c: u32,
}

@vertex
fn main() -> VOut {
    return VOut(vec4(0.0), 1u);
}
