use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        struct Params { values: array<f32, 4> }
        @group(0) @binding(0) var<uniform> params: Params;
        @compute @workgroup_size(1)
        fn main() { let x = params.values[0]; }
    "#,
}

fn main() {}
