// address spaces: workgroup variables must be at module scope
@compute @workgroup_size(1)
fn main() {
    var<workgroup> shared_data: array<f32, 64>;
}
