// WGSL §12: an attribute may not be given twice to one variable or override.
@group(0) @binding(0) @binding(1) var<storage, read_write> out: array<f32, 4>;
@group(1) @group(1) @binding(0) var<uniform> u: vec4<f32>;
@id(1) @id(2) override scale: f32 = 1.0;

@compute @workgroup_size(1)
fn main() {
    out[0] = u.x * scale;
}
