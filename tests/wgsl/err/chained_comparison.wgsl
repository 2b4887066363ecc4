// syntax: comparisons cannot be chained
@compute @workgroup_size(1)
fn main() {
    let a = 1;
    let b = 2;
    let c = 3;
    let d = a < b < c;
}
