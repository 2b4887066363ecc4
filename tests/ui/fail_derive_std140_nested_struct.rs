use shader_runtime::Std140;
#[derive(Clone, Copy, Std140)]
#[repr(C)]
struct Inner { x: [f32; 4] }

// std140 aligns a struct member to 16.
#[derive(Clone, Copy, Std140)]
#[repr(C)]
struct S { a: f32, inner: Inner }

fn main() {}
