// naga-disagrees: naga accepts it. Tests: `&` and `|` mixed without parentheses
@compute @workgroup_size(1)
fn main() {
    let a = 1u;
    let b = 2u;
    let c = a & b | 4u;
}
