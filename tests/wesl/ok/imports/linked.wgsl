@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<private> pairs: array<Pair, 2>;

@compute @workgroup_size(1)
fn main() {
    let p = Pair(1u, 2u);
    out[0] = double(p.a) + add(p.b, 3u);
    pairs[1] = p;
    out[2] = pairs[1].b;
    out[1] = SEVEN;
}

struct Pair { a: u32, b: u32 }

fn double(x: u32) -> u32 { return x * 2u; }

fn add(a: u32, b: u32) -> u32 { return a + b + SEVEN - 7u; }

const SEVEN: u32 = 7u;
