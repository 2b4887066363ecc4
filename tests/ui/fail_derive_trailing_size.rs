use shader_runtime::Std430;

// A struct with a vec3 is rounded up to 16 bytes.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { dir: [f32; 3] }

fn main() {}
