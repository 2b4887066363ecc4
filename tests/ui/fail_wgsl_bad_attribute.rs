use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @compute @workgroup_size(0)
        fn main() {}
    "#,
}

fn main() {}
