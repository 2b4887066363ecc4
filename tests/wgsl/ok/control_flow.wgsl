// Loops with continuing and break if, switch, and a helper function with a pointer parameter.
@group(0) @binding(0) var<storage, read_write> out: array<i32, 64>;

fn bump(p: ptr<function, i32>, by: i32) {
    *p += by;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    var acc = 0;
    var n = i32(i);
    loop {
        switch n % 4 {
            case 0: { bump(&acc, 1); }
            case 1, 2: { bump(&acc, 2); }
            default: { acc -= 1; }
        }
        continuing {
            n -= 1;
            break if n < 0;
        }
    }
    for (var k = 0; k < 3; k++) {
        if k == 1 { continue; }
        acc *= 2;
    }
    out[i] = acc;
}
