// assignment: function parameters are immutable
fn bump(x: i32) -> i32 {
    x = x + 1;
    return x;
}

@compute @workgroup_size(1)
fn main() {
    let y = bump(1);
}
