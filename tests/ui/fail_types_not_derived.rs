use shader_runtime::shader;
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Params { scale: f32 }

shader! {
    mod shader;
    lang: wgsl,
    types: { Params = crate::Params },
    src: r#"
        struct Params { scale: f32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(1)
        fn main() { data[0] = params.scale; }
    "#,
}

fn main() {}
