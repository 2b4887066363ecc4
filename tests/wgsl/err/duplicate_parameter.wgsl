// declarations: two parameters with the same name
fn add(a: i32, a: i32) -> i32 {
    return a;
}

@compute @workgroup_size(1)
fn main() {
    let x = add(1, 2);
}
