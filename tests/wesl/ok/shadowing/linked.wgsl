@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn twice(scale: u32) -> u32 { return scale * 2u; }

@compute @workgroup_size(1)
fn main() {
    var total = scale(3u) + twice(4u);
    {
        let BIAS = 1000u;
        total += BIAS;
    }
    var i = 0u;
    loop {
        let step = BIAS;
        continuing {
            i += step;
            break if i >= 4u;
        }
    }
    out[0] = total + i;
}

const BIAS: u32 = 2u;

fn scale(x: u32) -> u32 {
    let k = 3u;
    for (var BIAS = 0u; BIAS < 1u; BIAS++) {}
    return x * k + BIAS;
}
