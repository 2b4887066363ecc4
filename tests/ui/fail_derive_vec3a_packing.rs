use shader_runtime::Std430;

// glam::Vec3A is 16 bytes, so `scale` lands at 16 instead of 12.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { dir: glam::Vec3A, scale: f32 }

fn main() {}
