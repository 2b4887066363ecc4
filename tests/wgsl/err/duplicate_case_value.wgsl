// switch: the same case value twice
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    switch x {
        case 1: { x = 2; }
        case 2, 1: { x = 3; }
        default: {}
    }
}
