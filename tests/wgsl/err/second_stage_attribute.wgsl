// WGSL §9.1: an entry point has exactly one shader stage attribute.
@vertex @fragment
fn both() -> @builtin(position) vec4<f32> {
    return vec4<f32>(0.0);
}

@compute @fragment @workgroup_size(1)
fn three() {
}
