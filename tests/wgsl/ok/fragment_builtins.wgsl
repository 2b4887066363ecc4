// fragment built-ins: position, sample_index, front_facing inputs and a frag_depth output
struct FsOut {
    @location(0) color: vec4<f32>,
    @builtin(frag_depth) depth: f32,
}

@fragment
fn main(@builtin(position) pos: vec4<f32>,
        @builtin(sample_index) si: u32,
        @builtin(front_facing) ff: bool) -> FsOut {
    var o: FsOut;
    o.color = vec4(pos.xy, f32(si), select(0.0, 1.0, ff));
    o.depth = pos.z;
    return o;
}
