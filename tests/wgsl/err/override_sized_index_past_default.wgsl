// naga-disagrees: naga accepts it (it checks constant indices only against literal lengths). Tests: a constant index into an override-sized array is checked against the override's default length (WGSL §8.7: out of bounds is a pipeline-creation error, and the runtime keeps array-sizing overrides at their defaults)
override n: u32 = 4;
var<workgroup> a: array<u32, n>;
@compute @workgroup_size(1)
fn main() {
    a[3] = 1u;
    a[4] = 1u;
}
