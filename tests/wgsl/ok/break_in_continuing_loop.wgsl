// `break` and `continue` are forbidden in a continuing block only when they would leave it;
// a loop, `for`, `while` or `switch` nested inside it may use them (repro
// shared/repros/wgsl/break_in_continuing_loop.wgsl and neighbours).
@group(0) @binding(0) var<storage, read_write> buf: i32;
@compute @workgroup_size(1) fn main() {
    var i = buf;
    loop {
        if i > 100 { break; }
        continuing {
            loop {
                i = i * 2;
                if i > 5 { break; }
                continuing { loop { break; } break if i > 1000; }
            }
            for (var k = 0; k < 2; k++) { if k == 1 { break; } else { continue; } }
            while i < 0 { i = -i; continue; }
            switch i { case 0: { break; } default: {} }
            loop { switch i { default: { break; } } break; }
            i += 1;
        }
    }
    buf = i;
}
