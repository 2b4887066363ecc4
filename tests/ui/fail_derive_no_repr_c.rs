use shader_runtime::Std430;

#[derive(Clone, Copy, Std430)]
struct S { a: f32 }

fn main() {}
