// out-of-order declarations: functions, aliases, consts and structs used before they are declared
@group(0) @binding(0) var<storage, read_write> out: array<Float, COUNT>;

@compute @workgroup_size(1)
fn main() {
    let p = make_pair(2.0);
    out[0] = p.a + p.b;
}

fn make_pair(x: Float) -> Pair {
    return Pair(x, x * SCALE);
}

struct Pair { a: Float, b: Float }
alias Float = f32;
const SCALE: Float = 3.0;
const COUNT = 4u;
