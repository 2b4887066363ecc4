// attributes: only a compound, `if`, `switch`, `loop`, `for` or `while` statement may have
// attributes (WGSL §9 grammar), `@diagnostic` included
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    @diagnostic(off, derivative_uniformity) let a = 1u;
    @compute var b = 2u;
    @location(0) out[0] = a + b;
    @must_use @id(1) return;
}
