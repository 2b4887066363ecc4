fn double(x: u32) -> u32 { return x * 2u; }

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    let p = Pair(util_double(1u), triple(2u));
    out[0] = p.a + p.b + double(5u) + triple(4u);
}

struct Pair { a: u32, b: u32 }
fn util_double(x: u32) -> u32 { return x * 3u; }
fn triple(x: u32) -> u32 { return x * 3u; }
