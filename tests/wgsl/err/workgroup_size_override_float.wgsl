// entry points: a workgroup size is an i32 or u32 const- or override-expression
override n: f32 = 4.0;
@compute @workgroup_size(n)
fn main() {
}
