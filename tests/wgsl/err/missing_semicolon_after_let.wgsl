// syntax: missing `;` after a let declaration
@compute @workgroup_size(1)
fn main() {
    let a = 1
    let b = 2;
}
