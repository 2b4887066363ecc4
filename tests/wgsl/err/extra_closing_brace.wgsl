// syntax: one closing brace too many
@compute @workgroup_size(1)
fn main() {
    var x = 1;
    x = 2;
}
}
