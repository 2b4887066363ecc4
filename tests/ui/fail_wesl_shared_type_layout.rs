// A Rust type bound to a struct of an imported WESL module with another layout: the error
// names the field and shows the struct's line in the module's file.
use shader_runtime::{shader, Std430};

#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Particle { pos: [f32; 3], _pad: f32, mass: f32, _pad2: [u32; 3], vel: [f32; 3], _pad3: f32 }

shader! {
    mod energy;
    root: "tests/shaders/shared_types",
    path: "energy.wesl",
    types: { Particle = crate::Particle },
}

fn main() {}
