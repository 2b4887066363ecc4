use shader_runtime::shader;

shader! {
    mod shader;
    lang: wgsl,
    types: { Params = crate::NoSuchType },
    src: r#"
        struct Params { scale: f32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(1)
        fn main() { data[0] = params.scale; }
    "#,
}

fn main() {}
