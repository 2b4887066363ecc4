@group(0) @binding(0) var<storage, read_write> data: array<float>;

@compute @workgroup_size(1)
fn main() {}
