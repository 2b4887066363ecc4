//! An imported struct renamed beside the root module's own `Particle` is bound by its emitted
//! name `common_Particle` (no error for it, the layouts agree); a misspelt name gets the nearest
//! struct as a hint.
use shader_runtime::{shader, Std430};

#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Shared { pos: [f32; 3], mass: f32, vel: [f32; 3], _pad: f32 }

#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Local { x: f32 }

shader! {
    mod renamed;
    root: "tests/shaders/shared_types",
    path: "renamed.wesl",
    types: { common_Particle = crate::Shared, Particel = crate::Local },
}

fn main() {}
