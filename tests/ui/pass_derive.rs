//! `#[derive(Std140)]`/`#[derive(Std430)]` on the shapes the issue lists, under `deny(warnings)`.
#![deny(warnings)]

use shader_runtime::{GpuLayout, Std140, Std430};

#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Scalars {
    a: f32,
    b: i32,
    c: u32,
    d: half::f16,
    e: half::f16,
    f: f64,
}

#[derive(Clone, Copy, Std140)]
#[repr(C)]
pub struct Light {
    position: [f32; 3],
    intensity: f32,
    color: glam::Vec4,
    weights: [[f32; 4]; 4],
    view: glam::Mat4,
    normal: glam::Mat3A,
    dir: [f32; 3],
    _pad: f32,
}

#[derive(Clone, Copy, Std140)]
#[repr(C)]
pub struct Scene {
    ambient: [f32; 4],
    lights: [Light; 2],
    count: u32,
    _pad: [u32; 3],
}

#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Packed {
    dir: glam::Vec3,
    scale: f32,
    points: [glam::Vec3A; 3],
    uv: glam::Vec2,
    ids: glam::UVec2,
    values: [f32; 5],
    _pad: [u32; 3],
}

fn main() {
    assert_eq!(<Scene as GpuLayout>::DESC.size, 16 + 2 * 224 + 16);
    let packed = Packed {
        dir: glam::Vec3::ZERO,
        scale: 1.0,
        points: [glam::Vec3A::ZERO; 3],
        uv: glam::Vec2::ZERO,
        ids: glam::UVec2::ZERO,
        values: [0.0; 5],
        _pad: [0; 3],
    };
    assert_eq!(bytemuck::bytes_of(&packed).len(), std::mem::size_of::<Packed>());
    let _: Scalars = bytemuck::Zeroable::zeroed();
}
