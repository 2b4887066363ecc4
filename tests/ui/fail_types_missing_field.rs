use shader_runtime::{shader, Std430};
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Data { a: f32 }

shader! {
    mod shader;
    lang: wgsl,
    types: { Data = crate::Data },
    src: r#"
        struct Data { a: f32, b: f32 }
        @group(0) @binding(0) var<storage, read_write> value: Data;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() { out[0] = f32(arrayLength(&out)); let v = value; }
    "#,
}

fn main() {}
