// WGSL §12: an attribute may not be given twice to one function, parameter or return value.
@compute @compute @workgroup_size(1) @workgroup_size(2)
fn main() {
}

@must_use @must_use
fn f() -> i32 { return 1; }

@fragment
fn fs(@location(0) @location(1) a: vec4<f32>, @builtin(position) @builtin(position) p: vec4<f32>) -> @location(0) @location(0) vec4<f32> {
    return a + p;
}
