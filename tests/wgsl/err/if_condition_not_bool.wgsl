// types: an if condition must be bool
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    if x {
        x = 2;
    }
}
