// syntax: a function body whose closing brace is missing
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    if x > 0 {
        x = 2;
}
