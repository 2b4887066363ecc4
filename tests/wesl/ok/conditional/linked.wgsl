struct Params {
    base: u32,
    steps: u32,
}

const MODE: u32 = 2u;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn pick(a: u32, b: u32) -> u32 {
    { return a + b; }
}

@compute @workgroup_size(1)
fn main() {
    let p = Params(1u, 2u);
    var x = p.base + MODE;
    x += p.steps;
    x += 10u;
    out[0] = x + pick(1u, 2u) + tint();
}

fn tint() -> u32 { return 7u; }
