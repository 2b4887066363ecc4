// switch: case selector of a different type than the expression
@compute @workgroup_size(1)
fn main() {
    var x = 1u;
    switch x {
        case 1i: { x = 2u; }
        default: {}
    }
}
