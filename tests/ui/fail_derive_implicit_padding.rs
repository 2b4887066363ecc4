use shader_runtime::Std430;

// Rust inserts 4 bytes before `b`, which Pod forbids.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { a: f32, b: f64 }

fn main() {}
