// entry points: a workgroup size is a const- or override-expression, not a run-time value
override n: u32 = 4u;
@group(0) @binding(0) var<uniform> u: u32;
@compute @workgroup_size(n * u)
fn main() {
}
