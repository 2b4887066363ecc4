// multiple errors: several unknown names across functions
fn f() -> f32 {
    return unknown_a;
}

@compute @workgroup_size(1)
fn main() {
    let x = unknown_b + f();
    let y = missing_fn(1);
}
