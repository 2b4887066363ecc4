@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = pick(3u);
}

fn pick(x: u32) -> u32 {
    return x * 2u;
}
