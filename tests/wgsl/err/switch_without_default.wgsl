// switch: every switch needs a default clause
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    switch x {
        case 1: { x = 2; }
        case 2: { x = 3; }
    }
}
