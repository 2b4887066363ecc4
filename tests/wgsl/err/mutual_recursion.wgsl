// calls: two functions calling each other
fn even(n: u32) -> bool {
    if n == 0u { return true; }
    return odd(n - 1u);
}
fn odd(n: u32) -> bool {
    if n == 0u { return false; }
    return even(n - 1u);
}

@compute @workgroup_size(1)
fn main() {
    let x = even(4u);
}
