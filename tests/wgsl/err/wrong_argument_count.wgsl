fn add(a: i32, b: i32) -> i32 {
    return a + b;
}

@compute @workgroup_size(1)
fn main() {
    let x = add(1);
}
