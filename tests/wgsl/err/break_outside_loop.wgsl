// control flow: break outside a loop or switch
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    if x > 0 {
        break;
    }
}
