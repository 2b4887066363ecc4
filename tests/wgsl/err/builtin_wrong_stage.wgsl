// entry points: frag_depth is not a compute input
@compute @workgroup_size(1)
fn main(@builtin(frag_depth) d: f32) {
}
