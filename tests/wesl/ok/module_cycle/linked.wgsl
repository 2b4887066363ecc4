@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = from_a();
}

const A: u32 = 1u;
fn from_a() -> u32 { return from_b() + A + BASE; }
const BASE: u32 = 40u;
fn from_b() -> u32 { return A * 2u; }
