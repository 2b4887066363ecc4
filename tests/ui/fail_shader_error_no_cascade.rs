//! After a shader error the user sees that error only: the code below names the generated
//! `Pipeline`, `Bindings`, `Overrides`, `MODULE` and the shader's `Params`, none of which exist.
use shader_runtime::{shader, Gpu};

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        struct Params { a: f32, n: u32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> y: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            y[id.x] = params.a * undefined_name;
        }
    "#,
}

fn run(gpu: &Gpu) -> Result<(), shader_runtime::GpuError> {
    let params = gpu.uniform_buffer(&broken::Params::new(1.0, 2));
    let y = gpu.storage_buffer(&[1.0f32, 2.0][..]);
    let pipeline = broken::Pipeline::new_with(gpu, broken::Overrides::default())?;
    pipeline.dispatch(gpu, broken::Bindings { params: &params, y: &y }, [broken::WORKGROUP_SIZE[0], 1, 1])?;
    assert_eq!(broken::MODULE.name, "broken");
    Ok(())
}

fn main() {
    let _ = run;
}
