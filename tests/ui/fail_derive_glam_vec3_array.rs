use shader_runtime::Std430;

// An array of vec3 has stride 16.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { points: [glam::Vec3; 4] }

fn main() {}
