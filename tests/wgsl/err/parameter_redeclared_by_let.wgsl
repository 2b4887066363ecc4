// declarations: a `let` in the body's outermost block reuses a parameter's name (WGSL §5.2)
fn twice(x: i32) -> i32 {
    let x = 2 * x;
    return x;
}

@compute @workgroup_size(1)
fn main() {
    _ = twice(1);
}
