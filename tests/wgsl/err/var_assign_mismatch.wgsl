// types: assigning an f32 to an i32 variable
@compute @workgroup_size(1)
fn main() {
    var x: i32 = 0;
    x = 2.5;
}
