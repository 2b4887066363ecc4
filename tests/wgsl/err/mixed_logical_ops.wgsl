// naga-disagrees: naga accepts it. Tests: `&&` and `||` mixed without parentheses
@compute @workgroup_size(1)
fn main() {
    let a = true;
    let b = false;
    let c = a && b || a;
}
