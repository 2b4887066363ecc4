// arguments: too many arguments to a user function
fn square(x: f32) -> f32 {
    return x * x;
}

@compute @workgroup_size(1)
fn main() {
    let y = square(2.0, 3.0);
}
