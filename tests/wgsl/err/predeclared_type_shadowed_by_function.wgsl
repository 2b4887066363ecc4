// scope: a module-scope declaration shadows the predeclared type of the same name (WGSL §5.2):
// after `fn f32()` the name `f32` is the function, in types too; `fn i32() -> i32` names itself
fn f32() -> u32 {
    return 1u;
}

fn i32() -> i32 {
    return 0;
}

struct S {
    x: f32,
}

@compute @workgroup_size(1)
fn main() {
    var x: f32 = 1.0;
}
