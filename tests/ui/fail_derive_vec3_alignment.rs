use shader_runtime::Std430;

// A vec3 is aligned to 16.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { a: f32, dir: [f32; 3] }

fn main() {}
