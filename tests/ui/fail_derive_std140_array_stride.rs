use shader_runtime::Std140;

// std140 rounds array strides up to 16.
#[derive(Clone, Copy, Std140)]
#[repr(C)]
struct S { weights: [f32; 8] }

fn main() {}
