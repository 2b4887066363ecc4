// syntax: a block comment that never ends
@compute @workgroup_size(1)
fn main() {
    /* this comment
    var x = 1;
}
