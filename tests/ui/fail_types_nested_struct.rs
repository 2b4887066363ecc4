use shader_runtime::{shader, Std430};
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Inner { a: f32, _pad: f32, b: [f32; 2], c: f32, _pad2: f32 }
// `Inner` has a field the shader's `Inner` lacks.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Data { inner: Inner, x: f32, _pad: [u32; 3] }

shader! {
    mod shader;
    lang: wgsl,
    types: { Data = crate::Data },
    src: r#"
        struct Inner { a: f32, b: vec2<f32> }
        struct Data { inner: Inner, x: f32 }
        @group(0) @binding(0) var<storage, read_write> value: Data;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() { out[0] = f32(arrayLength(&out)); let v = value; }
    "#,
}

fn main() {}
