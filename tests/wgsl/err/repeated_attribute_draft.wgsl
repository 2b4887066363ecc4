// WGSL §12: an attribute may not be given twice, in the 2021 draft's `[[...]]` syntax too.
[[group(0), binding(0), binding(1)]] var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    out[0] = 1.0;
}
