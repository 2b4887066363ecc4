use shader_runtime::shader;

shader! {
    mod shader;
    lang: hlsl,
    stage: geometry,
    target: metal,
    spirv_version: "2.0",
    bounds_checks: off,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            data[id.x] = data[id.x] * 2.0;
        }
    "#,
}

fn main() {}
