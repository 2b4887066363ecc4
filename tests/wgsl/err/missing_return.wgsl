fn pick(a: bool) -> i32 {
    if a {
        return 1;
    }
}

@compute @workgroup_size(1)
fn main() {
    let x = pick(true);
}
