use shader_runtime::Std430;

#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S <T: Copy + 'static> { a: T }

fn main() {}
