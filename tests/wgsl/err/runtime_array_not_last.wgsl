// layout: a runtime-sized array must be the last struct member
struct Buffer {
    values: array<f32>,
    count: u32,
}

@compute @workgroup_size(1)
fn main() {
}
