use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @compute @workgroup_size(1)
        fn main() {
            let x: f32 = 1u;
        }
    "#,
}

fn main() {}
