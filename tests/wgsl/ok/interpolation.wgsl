// vertex + fragment with interpolation attributes, @invariant and discard
struct VsOut {
    @builtin(position) @invariant pos: vec4<f32>,
    @location(0) @interpolate(flat) id: u32,
    @location(1) @interpolate(linear, centroid) a: f32,
    @location(2) @interpolate(perspective, sample) b: vec2<f32>,
    @location(3) @interpolate(perspective) c: vec3<f32>,
}

@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32, @location(0) p: vec3<f32>) -> VsOut {
    return VsOut(vec4(p, 1.0), vi + ii, 0.5, vec2(0.0), p);
}

@fragment
fn fs(in: VsOut, @builtin(front_facing) ff: bool) -> @location(0) vec4<f32> {
    if in.a < 0.1 { discard; }
    let s = select(0.0, 1.0, ff);
    return vec4(in.c, s + f32(in.id) + in.b.x);
}
