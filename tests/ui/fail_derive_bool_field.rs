use shader_runtime::Std430;

// bool has no host-shareable layout.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
struct S { enabled: bool }

fn main() {}
