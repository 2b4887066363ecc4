// declarations: the same function declared twice
fn helper() -> i32 { return 1; }
fn helper() -> i32 { return 2; }

@compute @workgroup_size(1)
fn main() {
    let x = helper();
}
