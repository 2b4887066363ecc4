@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() { out[0] = bar(); }

const LIMIT: u32 = 8u;
const_assert LIMIT > 4u;
fn bar() -> u32 { return LIMIT; }
