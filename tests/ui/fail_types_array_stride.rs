use shader_runtime::{shader, Std430};
// Not std430 either; shows the stride message of the shader check after the derive's.
#[derive(Clone, Copy, Std430)]
#[repr(C)]
pub struct Data { values: [[f32; 3]; 4] }

shader! {
    mod shader;
    lang: wgsl,
    types: { Data = crate::Data },
    src: r#"
        struct Data { values: array<vec3<f32>, 4> }
        @group(0) @binding(0) var<storage, read_write> value: Data;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() { out[0] = f32(arrayLength(&out)); let v = value; }
    "#,
}

fn main() {}
