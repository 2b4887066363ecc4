// control flow: returning a value from a function with no return type
fn f() {
    return 1;
}

@compute @workgroup_size(1)
fn main() {
    f();
}
