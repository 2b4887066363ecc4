// `@diagnostic` applies to functions and statements only (WGSL §2.3.1): not to a variable or a
// struct member.
@diagnostic(off, derivative_uniformity)
@group(0) @binding(0) var<storage, read_write> out: array<f32, 2>;
struct S { @diagnostic(off, derivative_uniformity) a: f32 }
@compute @workgroup_size(1)
fn main() {
    out[0] = 1.0;
}
