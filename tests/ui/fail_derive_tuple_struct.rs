use shader_runtime::Std430;

#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S (f32, f32);

fn main() {}
