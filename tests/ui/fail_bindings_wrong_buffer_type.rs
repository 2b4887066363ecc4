//! The generated `Bindings` are typed by the shader: a `Buffer<[u32]>` where the shader reads
//! `array<f32>` is a compile error on that field, not a wrong result at run time.
use shader_runtime::{shader, Gpu};

shader! {
    mod scale;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) { data[id.x] *= 2.0; }
    "#,
}

fn run(gpu: &Gpu) -> Result<(), shader_runtime::GpuError> {
    let ints = gpu.storage_buffer(&[1u32, 2, 3][..]);
    let pipeline = scale::Pipeline::new(gpu)?;
    pipeline.dispatch(gpu, scale::Bindings { data: &ints }, [1, 1, 1])
}

fn main() {
    let _ = run;
}
