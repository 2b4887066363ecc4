//! The CPU device behind the typed API: the sanitizer's reports through `Gpu::take_findings`,
//! and the clear errors for what the CPU device does not run yet. The device choice
//! (`SHADER_DEVICE`, the fallback) is tested in `runtime_shader_device.rs`; the runtime's and
//! the examples' compute tests run on both devices (`common::on_devices`).
#![deny(warnings)]

mod common;

use shader_runtime::wgpu::{FilterMode, TextureFormat};
use shader_runtime::{shader, AgslEffect, Gpu, GpuError, RenderOptions, RenderPipeline};

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
    // Writes one element past the end of `out` from invocation 8 (the missing bounds check
    // the sanitizer exists for).
    mod overrun;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
        @compute @workgroup_size(9)
        fn main(@builtin(local_invocation_index) i: u32) {
            out[i] = i * 10u;
        }
    "#,
    mod fullscreen;
    path: "examples/shaders/fullscreen.vert",
    mod blur;
    path: "examples/shaders/blur.frag",
    mod tint;
    lang: agsl,
    src: r#"
        uniform half4 color;
        half4 main(float2 p) { return color; }
    "#,
}

/// An out-of-bounds write on the CPU device is dropped (as robust buffer access does) and
/// reported once, naming the shader, the index and the invocation.
#[test]
fn sanitizer_findings_name_shader_index_and_invocation() {
    let gpu = Gpu::cpu_with(shader_runtime::shader_cpu::Options { sanitize: true, threads: None });
    let out = gpu.storage_buffer(&[0u32; 8]);
    let pipeline = overrun::Pipeline::new(&gpu).expect("pipeline");
    pipeline.dispatch(&gpu, overrun::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
    assert_eq!(out.read_blocking(&gpu).expect("read"), [0, 10, 20, 30, 40, 50, 60, 70]);
    let findings = gpu.take_findings();
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let text = &findings[0];
    // A fixed-size array: the index is what is out of bounds (once, not again as a buffer access).
    assert!(text.contains("overrun`") && text.contains("index 8 out of bounds (length 8)") && text.contains("(8, 0, 0)"), "{text}");
    assert!(gpu.take_findings().is_empty(), "taken once");
    // Sanitizer off: the same dispatch reports nothing.
    let quiet = Gpu::cpu_with(shader_runtime::shader_cpu::Options { sanitize: false, threads: Some(1) });
    let out = quiet.storage_buffer(&[0u32; 8]);
    overrun::Pipeline::new(&quiet).expect("pipeline").dispatch(&quiet, overrun::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
    assert!(quiet.take_findings().is_empty());
}

/// Render pipelines, AGSL effects and passthrough need a wgpu adapter: on the CPU device they
/// are `Unsupported` errors that say so. Textures exist (upload and readback work) so code
/// that prepares them runs unchanged up to the draw.
#[test]
fn what_the_cpu_device_does_not_run_is_a_clear_error() {
    let gpu = Gpu::cpu();
    let err = RenderPipeline::new(&gpu, &fullscreen::MODULE, &blur::MODULE, &RenderOptions::default()).err().expect("no render");
    assert!(matches!(err, GpuError::Unsupported(_)) && err.to_string().contains("GPU adapter"), "{err}");
    let err = AgslEffect::new(&gpu, &tint::EFFECT).err().expect("no AGSL");
    assert!(matches!(err, GpuError::Unsupported(_)), "{err}");
    let options = shader_runtime::PipelineOptions { passthrough: true, ..Default::default() };
    let err = saxpy::Pipeline::with_options(&gpu, &options).err().expect("no passthrough");
    assert!(matches!(err, GpuError::Unsupported(_)) && err.to_string().contains("passthrough"), "{err}");

    let pixels: Vec<u8> = (0..2 * 3 * 4).map(|i| i as u8 * 7).collect();
    let texture = gpu.texture_rgba8(2, 3, &pixels).expect("texture");
    assert_eq!((texture.width(), texture.height(), texture.format()), (2, 3, TextureFormat::Rgba8Unorm));
    assert!(texture.raw().is_none());
    assert_eq!(texture.read_rgba8_blocking(&gpu).expect("readback"), pixels);
    let target = gpu.render_target(4, 4, TextureFormat::Bgra8Unorm);
    assert_eq!(target.read_rgba8_blocking(&gpu).expect("readback"), vec![0u8; 64]);
    assert!(gpu.sampler(FilterMode::Linear, shader_runtime::wgpu::AddressMode::Repeat).raw().is_none());

    // Resources of one device given to another: an error, not a panic.
    if let Some(wgpu) = common::gpu() {
        let cpu_buffer = gpu.storage_buffer(&[1u32, 2][..]);
        let err = cpu_buffer.write(wgpu, &[3, 4][..]);
        assert!(err.is_ok(), "CPU memory is written directly whatever the device: {err:?}");
        let wgpu_buffer = wgpu.storage_buffer(&[1u32, 2][..]);
        let err = wgpu_buffer.read_blocking(&gpu).expect_err("a wgpu buffer read through the CPU device");
        assert!(err.to_string().contains("one device"), "{err}");
    }
}
