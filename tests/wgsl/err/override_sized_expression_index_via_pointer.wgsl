// naga-disagrees: naga accepts it (it checks constant indices only against literal lengths). Tests: an array sized by an override expression, indexed through a pointer with a const-expression index past the expression's default (2 * 2)
override n: u32 = 2;
const last = 4;
var<workgroup> a: array<u32, n * 2>;
@compute @workgroup_size(1)
fn main() {
    let p = &a;
    let x = p[last];
}
