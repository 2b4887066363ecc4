// control flow: continue is not allowed in a continuing block
@compute @workgroup_size(1)
fn main() {
    var i = 0;
    loop {
        if i > 4 { break; }
        continuing {
            i++;
            continue;
        }
    }
}
