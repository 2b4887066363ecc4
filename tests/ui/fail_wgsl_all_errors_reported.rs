use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @compute @workgroup_size(1)
        fn main() {
            let a: f32 = true;
            let b = missing_function(1.0);
            let c: u32 = 1.5;
        }
    "#,
}

fn main() {}
