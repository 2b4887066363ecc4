// calls: a cycle of three functions
fn a(n: i32) -> i32 { return b(n); }
fn b(n: i32) -> i32 { return c(n); }
fn c(n: i32) -> i32 { return a(n); }

@compute @workgroup_size(1)
fn main() {
    let x = a(1);
}
