// naga-disagrees: naga 30 does not check that @workgroup_size's arguments share one type (Tint: "'@workgroup_size' arguments must be of the same type, either 'i32' or 'u32'")
// entry points: the arguments of @workgroup_size are all i32 or all u32 (AbstractInt ones convert)
override n: i32 = 4;
@compute @workgroup_size(n, 2, 4u)
fn main() {
}
