@compute @workgroup_size(1)
fn main() {
    let a: u32 = 1u;
    let b: f32 = 2.0;
    let c = a + b;
}
