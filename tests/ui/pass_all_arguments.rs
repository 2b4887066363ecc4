//! Every `shader!` argument, and the generated items used from Rust, under `deny(warnings)`.
#![deny(warnings)]

use shader_runtime::{shader, Std430};

#[derive(Clone, Copy, Debug, Std430)]
#[repr(C)]
pub struct Particle {
    pos: [f32; 3],
    mass: f32,
    vel: [f32; 3],
    _pad: f32,
}

#[derive(Clone, Copy, Debug, Std430)]
#[repr(C)]
pub struct Params {
    dt: f32,
    count: u32,
}

mod reexport {
    pub use shader_runtime as rt;
}

shader! {
    mod integrate;
    lang: wgsl,
    entry: "main",
    defines: { N = "64", MODE = "fast" },
    include: ["tests/shaders/inc"],
    target: vulkan,
    spirv_version: "1.3",
    types: { Particle = crate::Particle, Params = crate::Params },
    crate = ::shader_runtime,
    src: r#"
        struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32> }
        struct Params { dt: f32, count: u32 }
        @group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
        @group(0) @binding(1) var<uniform> params: Params;
        override scale: f32 = 2.0;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x < params.count {
                particles[id.x].pos += particles[id.x].vel * params.dt * scale;
            }
        }
    "#,
}

shader! {
    mod doubled;
    path: "tests/shaders/double.wgsl",
    target: wgpu,
    spirv_version: 1.5,
    bounds_checks: unchecked,
}

shader! {
    mod via_reexport;
    crate: crate::reexport::rt,
    lang: wgsl,
    stage: compute,
    src: "@compute @workgroup_size(8, 8) fn main() {}",
}

fn main() {
    assert_eq!(integrate::ENTRY, "main");
    assert_eq!(integrate::WORKGROUP_SIZE, [64, 1, 1]);
    assert_eq!(integrate::STAGE, shader_runtime::generated::Stage::Compute);
    assert_eq!(integrate::BINDINGS.len(), 2);
    assert_eq!(integrate::SPECIALIZATION_CONSTANTS[0].name, "scale");
    assert_eq!(integrate::SPECIALIZATION_CONSTANTS[0].default, Some(2.0));
    assert!(integrate::PUSH_CONSTANTS.is_empty());
    assert_eq!(integrate::SPIRV[0], 0x0723_0203);
    // SPIR-V 1.3 was asked for: the version word is 0x00010300.
    assert_eq!(integrate::SPIRV[1], 0x0001_0300);
    assert_eq!(doubled::SPIRV[1], 0x0001_0500);
    let params = doubled::Params::new(0.5, 3, [1.0, 0.0, 0.0]);
    assert_eq!(bytemuck::bytes_of(&params).len(), 32);
    assert_eq!(via_reexport::WORKGROUP_SIZE, [8, 8, 1]);
    let _ = Particle { pos: [0.0; 3], mass: 1.0, vel: [0.0; 3], _pad: 0.0 };
    let _ = Params { dt: 0.1, count: 1 };
}
