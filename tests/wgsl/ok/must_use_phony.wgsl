// must_use: results dropped with `_ =`, and calls whose results may be dropped
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;

@must_use
fn area(w: f32, h: f32) -> f32 { return w * h; }

fn bump() -> u32 { return atomicAdd(&counter, 1u); }

@compute @workgroup_size(1)
fn main() {
    _ = area(2.0, 3.0);
    _ = abs(-1.0);
    bump();
    atomicAdd(&counter, 2u);
}
