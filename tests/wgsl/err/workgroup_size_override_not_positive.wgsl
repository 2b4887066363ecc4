// entry points: a workgroup size must be at least 1; an override-expression one is checked at
// the overrides' defaults (naga's verdict includes pipeline creation with them)
override n: i32 = 4;
@compute @workgroup_size(8, n - 4)
fn main() {
}
