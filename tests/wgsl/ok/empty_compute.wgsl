// The smallest compute shader: one entry point, no resources.
@compute @workgroup_size(1)
fn main() {}
