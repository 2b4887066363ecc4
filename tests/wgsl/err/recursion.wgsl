// calls: a function calling itself
fn fact(n: u32) -> u32 {
    if n == 0u { return 1u; }
    return n * fact(n - 1u);
}

@compute @workgroup_size(1)
fn main() {
    let x = fact(5u);
}
