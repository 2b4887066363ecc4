use shader_runtime::{shader, Std430};
// glam::Vec3A is 16 bytes; the shader packs `mass` into the vec3's last 4 bytes.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Data { pos: glam::Vec3A, mass: f32, _pad: [u32; 3] }

shader! {
    mod shader;
    lang: wgsl,
    types: { Data = crate::Data },
    src: r#"
        struct Data { pos: vec3<f32>, mass: f32 }
        @group(0) @binding(0) var<storage, read_write> value: Data;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() { out[0] = f32(arrayLength(&out)); let v = value; }
    "#,
}

fn main() {}
