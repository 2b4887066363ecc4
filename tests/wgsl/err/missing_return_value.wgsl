// control flow: a function with a return type falls off the end
fn f(x: i32) -> i32 {
    let y = x + 1;
}

@compute @workgroup_size(1)
fn main() {
    let z = f(1);
}
