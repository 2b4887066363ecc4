// switch with multiple selectors, default combined with a case, and const selectors
const RED = 1u;
const GREEN = 2u;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    var r = 0u;
    switch i {
        case RED, GREEN: { r = 10u; }
        case 3u, default: { r = 20u; }
        case 0u: {
            r = 5u;
        }
    }
    switch (i32(i)) {
        case -1 { r = 0u; }
        default { r += 1u; }
    }
    out[i] = r;
}
