// for, while, loop with continuing and `break if`, break and continue
@group(0) @binding(0) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(1)
fn main() {
    var sum = 0;
    for (var i = 0; i < 10; i++) {
        if i == 3 { continue; }
        sum += i;
    }
    var j = 0;
    while j < 5 {
        j += 1;
        if j == 4 { break; }
    }
    var k = 0;
    loop {
        sum += k;
        continuing {
            k++;
            break if k >= 8;
        }
    }
    out[0] = sum + j;
}
