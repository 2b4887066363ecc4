struct Light { on: u32 }

fn helper() -> u32 { return 100u; }

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    let la = a_make();
    let lb = b_make();
    out[0] = la.level + lb.intensity + f() + helper() + Light(1u).on;
}

struct a_Light { level: u32 }
fn a_make() -> a_Light { return a_Light(1u); }
struct b_Light { intensity: u32, pad: u32 }
fn b_make() -> b_Light { return b_Light(2u, 0u); }
fn util_helper() -> u32 { return 10u; }
fn f() -> u32 { return util_helper(); }
