use shader_runtime::{shader, Std430};
// The shader's mat2x2 has 8-byte columns.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Data { m: glam::Mat4, n: [[f32; 4]; 2] }

shader! {
    mod shader;
    lang: wgsl,
    types: { Data = crate::Data },
    src: r#"
        struct Data { m: mat4x4<f32>, n: mat2x2<f32> }
        @group(0) @binding(0) var<storage, read_write> value: Data;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() { out[0] = f32(arrayLength(&out)); let v = value; }
    "#,
}

fn main() {}
