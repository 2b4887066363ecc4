// WGSL §12.3: @builtin, @location, @interpolate and @invariant apply to entry-point parameters
// and return types (and structure members) only, not to a function that is not an entry point.
fn helper(@location(0) a: f32, @builtin(vertex_index) i: u32, @location(1) @interpolate(flat) b: u32) -> @location(0) f32 {
    return a + f32(i + b);
}

fn position() -> @builtin(position) @invariant vec4<f32> {
    return vec4<f32>(0.0);
}

@compute @workgroup_size(1)
fn main() {
    _ = helper(1.0, 2u, 3u);
    _ = position();
}
