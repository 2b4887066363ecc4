// const_assert: the condition is false
const WIDTH = 8;
const HEIGHT = 4;
const_assert WIDTH == HEIGHT;

@compute @workgroup_size(1)
fn main() {
}
