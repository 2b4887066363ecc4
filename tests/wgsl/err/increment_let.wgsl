// assignment: `++` on a let binding
@compute @workgroup_size(1)
fn main() {
    let i = 0;
    i++;
}
