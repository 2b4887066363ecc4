use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            data[id.x] = undefined_value;
        }
    "#,
}

fn main() {}
