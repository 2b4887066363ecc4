// syntax: unclosed parenthesis in an if condition
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    if (x > 0 {
        x = 2;
    }
}
