// declarations: a struct that contains itself
struct Node {
    value: f32,
    next: Node,
}

@compute @workgroup_size(1)
fn main() {
}
