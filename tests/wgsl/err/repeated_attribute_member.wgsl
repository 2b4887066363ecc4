// WGSL §12: an attribute may not be given twice to one struct member.
struct S {
    @size(16) @size(32) a: f32,
    @align(16) @align(16) b: f32,
}
@group(0) @binding(0) var<storage, read_write> out: S;

@compute @workgroup_size(1)
fn main() {
    out.a = 1.0;
}
