// declarations: a module-scope var without a type or initializer
var<private> x;

@compute @workgroup_size(1)
fn main() {
}
