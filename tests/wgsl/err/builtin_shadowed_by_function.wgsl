// A module's `fn bitcast` shadows the built-in (WGSL §5 "Declaration and Scope"), and a user function takes no template arguments (naga, Tint refuse it too).
fn bitcast(x: f32) -> f32 { return x; }

@compute @workgroup_size(1)
fn main() {
    let a = bitcast<u32>(1.0);
}
