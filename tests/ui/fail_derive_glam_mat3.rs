use shader_runtime::Std140;

// glam::Mat3 has 12-byte columns; std140 wants 16.
#[derive(Clone, Copy, Std140)]
#[repr(C)]
struct S { m: glam::Mat3 }

fn main() {}
