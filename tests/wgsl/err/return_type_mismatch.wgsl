// types: returned value does not match the declared return type
fn half(x: f32) -> i32 {
    return x * 0.5;
}

@compute @workgroup_size(1)
fn main() {
    let h = half(3.0);
}
