// naga-disagrees: the spec allows stage attributes only on functions; naga ignores them on variables
// attributes: @compute on a variable
@compute var<private> x: f32;

@compute @workgroup_size(1)
fn main() {
}
