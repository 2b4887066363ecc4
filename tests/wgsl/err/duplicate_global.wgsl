// declarations: a const and a var with the same name
const value = 1;
var<private> value: i32;

@compute @workgroup_size(1)
fn main() {
}
