// multiple errors: three independent type errors in one function
@compute @workgroup_size(1)
fn main() {
    let a: u32 = -1.0;
    let b: bool = 1;
    let c: vec2<f32> = vec3<f32>(0.0);
}
