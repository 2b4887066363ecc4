fn scale() -> u32 { return 7u; }

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = area(Circle(3u)) + scale();
    out[1] = tint(edge());
    out[2] = tint(1u);
}

struct Circle { r: u32 }
fn geo_shapes_scale() -> u32 { return 2u; }
fn area(c: Circle) -> u32 { return c.r * c.r * 3u * geo_shapes_scale() * UNIT; }
const UNIT = 5u;
fn edge() -> u32 { return UNIT + 1u; }
fn tint(x: u32) -> u32 { return x ^ 255u; }
