use shader_runtime::Std430;

#[derive(Std430)]
#[repr(C)]
struct S { a: f32 }

fn main() {}
